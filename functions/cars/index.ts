/** Entry of the cars Lambda function: one handler per route of the cars group in the route table. */
import { groupHandler } from '../shared/dispatch.js';
import { handler as searchCars } from './search-cars.js';
import { handler as createCarBooking } from './create-car-booking.js';

export const handler = groupHandler('cars', { searchCars, createCarBooking });
