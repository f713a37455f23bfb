/** Entry of the cars Lambda function: one handler per route of the cars group in the route table. */
import { bufferedEntry } from '../shared/lambda-entry.js';
import { groupHandler } from '../shared/dispatch.js';
import { handler as searchCars } from './search-cars.js';
import { handler as createCarBooking } from './create-car-booking.js';
import { carsConfig } from './cars-config.js';

// At the cold start: a variable missing or malformed fails the init, naming it.
carsConfig();

export const routes = groupHandler('cars', { searchCars, createCarBooking });

/** The Lambda entry (`routes` is what the local gateway calls). */
export const handler = bufferedEntry(routes);
