/** The retention job's Lambda entry: the stack's tenant's due personal data erased (erase-due-personal-data.ts). */
import { env } from '../../shared/config.js';
import { logger } from '../../shared/observability.js';
import { eraseDuePersonalData, type RetentionRun } from './erase-due-personal-data.js';
import { DynamoBookingStore } from '../record/booking-store.js';
import { DynamoGuestDetailsStore } from './guest-details-store.js';

export async function handler(): Promise<RetentionRun> {
  const run = await eraseDuePersonalData(env('TENANT'), {
    bookings: new DynamoBookingStore(),
    guests: new DynamoGuestDetailsStore(),
    now: () => new Date(),
  });
  logger.info('personal data retention run', { ...run });
  return run;
}
