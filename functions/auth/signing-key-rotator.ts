/**
 * The signing key job, one function with two callers:
 * - CloudFormation (a custom resource, CDK Provider framework): at stack creation it makes the first key,
 *   so no function ever runs without one; updates and deletes change nothing (a new key on every deploy
 *   would be a rotation nobody asked for);
 * - an EventBridge schedule (lib/signing-key.ts): it rotates. `npm run admin -- keys rotate` does the
 *   same from an operator's machine.
 * Nothing is logged or returned but key ids: the private key stays in its table.
 */
import type { CdkCustomResourceEvent, CdkCustomResourceResponse, ScheduledEvent } from 'aws-lambda';
import { logger } from '../shared/observability.js';
import { ensureSigningKey, rotateSigningKeys } from './signing-key.js';
import { signingKeyRotatorConfig } from './signing-key-rotator-config.js';

// At the cold start: a variable missing or malformed fails the init, naming it.
signingKeyRotatorConfig();

export const PHYSICAL_RESOURCE_ID = 'signing-key-ring';

export type SigningKeyJobEvent = CdkCustomResourceEvent | Pick<ScheduledEvent, 'detail-type' | 'source'>;

function isCustomResourceEvent(event: SigningKeyJobEvent): event is CdkCustomResourceEvent {
  return 'RequestType' in event;
}

export async function handler(event: SigningKeyJobEvent): Promise<CdkCustomResourceResponse | { kid: string; retiredKid?: string }> {
  if (isCustomResourceEvent(event)) {
    if (event.RequestType === 'Create') {
      const kid = await ensureSigningKey();
      logger.info('signing key ready', { kid });
    }
    return { PhysicalResourceId: PHYSICAL_RESOURCE_ID };
  }
  const rotation = await rotateSigningKeys();
  logger.info('signing key rotated', { kid: rotation.kid, retiredKid: rotation.retiredKid, published: rotation.published });
  return { kid: rotation.kid, ...(rotation.retiredKid ? { retiredKid: rotation.retiredKid } : {}) };
}
