/** Entry of the booking Lambda function: one handler per route of the booking group in the route table. */
import { bufferedEntry } from '../shared/lambda-entry.js';
import { groupHandler } from '../shared/dispatch.js';
import { bookingConfig } from './booking-config.js';
import { handler as checkRate } from './rate-check/rate-check-handler.js';
import { handler as createBooking } from './create/create-booking-handler.js';
import { handler as getBooking } from './get/get-booking-handler.js';
import { handler as listBookings } from './list/list-bookings-handler.js';
import { handler as modifyBooking } from './modify/modify-booking-handler.js';
import { handler as cancelBooking } from './cancel/cancel-booking-handler.js';
import { handler as quoteCancellation } from './cancellation-quote/cancellation-quote-handler.js';
import { handler as quoteStayChange } from './modification/quote-stay-change-handler.js';
import { handler as commitStayChange } from './modification/commit-stay-change-handler.js';
import { handler as erasePersonalData } from './personal-data/erase-personal-data-handler.js';
import { handler as getWallet } from './wallet/get-wallet-handler.js';
import { handler as listWalletTransactions } from './wallet/list-wallet-transactions-handler.js';

// At the cold start: a variable missing or malformed fails the init, naming it.
bookingConfig();

export const routes = groupHandler('booking', {
  checkRate,
  createBooking,
  getBooking,
  listBookings,
  modifyBooking,
  cancelBooking,
  quoteCancellation,
  quoteStayChange,
  commitStayChange,
  erasePersonalData,
  getWallet,
  listWalletTransactions,
});

/** The Lambda entry (`routes` is what the local gateway calls). */
export const handler = bufferedEntry(routes);
