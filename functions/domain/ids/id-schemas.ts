/**
 * The ids a partner sends back to us, as the handlers validate them and the OpenAPI document describes them
 * (opaque-id.ts says what "opaque" allows): a search's, a unified property's, a rate's.
 */
import { opaqueId, RATE_ID_CHARACTERS, RATE_ID_MAX_LENGTH } from './opaque-id.js';

export const searchIdSchema = opaqueId(
  'searchId',
  'From the search response; the search and its rates live 30 minutes',
  'srch_0f8e6a1d2c3b4a5968778695a4b3c2d1',
);

export const propertyIdSchema = opaqueId('propertyId', 'Unified property id, stable across searches', 'prop_3c9a1f0b7d2e4a6c8b10');

export const rateIdSchema = opaqueId(
  'rateId',
  'A rateId from a search or a rate check (URL-encoded in paths)',
  'r1.eyJzZWFyY2hJZCI6InNyY2hfLi4uIn0.Q2hlY2tzdW0',
  {
    maxLength: RATE_ID_MAX_LENGTH,
    characters: RATE_ID_CHARACTERS,
    allowed: "letters, digits, '_', '-' and '.'",
  },
);

export const walletIdSchema = opaqueId('walletId', "An account's wallet, as the operator created it", 'wal_7d2e4a6c8b103c9a1f0b');

export const webhookEndpointIdSchema = opaqueId(
  'endpointId',
  'A webhook endpoint, as POST /v1/webhook-endpoints answered',
  'we_4f0c2a9e7b1d3c5e8a6b',
);

export const webhookDeliveryIdSchema = opaqueId(
  'deliveryId',
  "A delivery of one event to one endpoint, from the endpoint's deliveries",
  'dlv_0mhx8k2f1a3c9e5b7d0f2a4c6e8b',
);
