/** Entry of the booking Lambda function: one handler per route of the booking group in the route table. */
import { bufferedEntry } from '../shared/lambda-entry.js';
import { groupHandler } from '../shared/dispatch.js';
import { handler as checkRate } from './rate-check.js';
import { handler as createBooking } from './create-booking.js';
import { handler as getBooking } from './get-booking.js';
import { handler as listBookings } from './list-bookings.js';
import { handler as modifyBooking } from './modify-booking.js';
import { handler as cancelBooking } from './cancel-booking.js';
import { handler as erasePersonalData } from './erase-personal-data.js';
import { handler as getWallet } from './get-wallet.js';
import { handler as listWalletTransactions } from './list-wallet-transactions.js';

export const routes = groupHandler('booking', {
  checkRate,
  createBooking,
  getBooking,
  listBookings,
  modifyBooking,
  cancelBooking,
  erasePersonalData,
  getWallet,
  listWalletTransactions,
});

/** The Lambda entry (`routes` is what the local gateway calls). */
export const handler = bufferedEntry(routes);
