/** The retention job's Lambda entry: the stack's tenant's due personal data erased (erase-due-personal-data.ts). */
import { logger } from '../../shared/observability.js';
import { eraseDuePersonalData, type RetentionRun } from './erase-due-personal-data.js';
import { DynamoBookingStore } from '../record/booking-store.js';
import { DynamoGuestDetailsStore } from './guest-details-store.js';
import { retentionConfig } from './retention-config.js';

// At the cold start: a variable missing or malformed fails the init, naming it.
const config = retentionConfig();

export async function handler(): Promise<RetentionRun> {
  const run = await eraseDuePersonalData(
    config.tenant,
    {
      bookings: new DynamoBookingStore(),
      guests: new DynamoGuestDetailsStore(),
      now: () => new Date(),
    },
    config.retentionDays,
  );
  logger.info('personal data retention run', { ...run });
  return run;
}
