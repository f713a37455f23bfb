/**
 * Entry of the search Lambda function: one handler per route of the search group in the route table.
 * Its integration streams, so a search answers before the rows of its later pages are stored
 * (after-response.ts); `routes` is what the local gateway calls.
 */
import { streamingEntry } from '../shared/lambda-entry.js';
import { groupHandler } from '../shared/dispatch.js';
import { handler as searchHotels } from './search.js';
import { handler as getSearchPage } from './search-page.js';
import { handler as listPropertyRates } from './property-rates.js';
import { handler as getProperty } from './property.js';
import { handler as findDestinations } from './destinations-handler.js';
import { handler as listProperties } from './catalogue/properties-handler.js';
import { searchConfig } from './search-config.js';

// At the cold start: a variable missing or malformed fails the init, naming it.
searchConfig();

export const routes = groupHandler('search', {
  searchHotels,
  getSearchPage,
  listPropertyRates,
  getProperty,
  findDestinations,
  listProperties,
});

export const handler = streamingEntry(routes);
