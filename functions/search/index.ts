/** Entry of the search Lambda function: one handler per route of the search group in the route table. */
import { groupHandler } from '../shared/dispatch.js';
import { handler as searchHotels } from './search.js';
import { handler as getSearchPage } from './search-page.js';
import { handler as listPropertyRates } from './property-rates.js';
import { handler as getProperty } from './property.js';

export const handler = groupHandler('search', { searchHotels, getSearchPage, listPropertyRates, getProperty });
