/**
 * The DynamoDB tables, described once. The CDK stack builds them from this list and the local host
 * creates them in DynamoDB Local from the same list, so key names, indexes and TTL attributes agree.
 *
 * Several tables rather than one: each has its own retention (TTL or none), its own backup needs and its
 * own readers, and least-privilege IAM is then a table grant instead of a leading-key condition. Finance
 * exports the bookings table alone. Every partition key value starts with the tenant (see keys.ts),
 * except the idempotency table, whose key Powertools builds (it hashes tenant, client and key into it).
 */

export interface KeyAttribute {
  readonly name: string;
  readonly type: 'S' | 'N';
}

export interface IndexDefinition {
  readonly name: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
  /**
   * The attributes copied into the index besides the keys (DynamoDB's INCLUDE projection); absent: all of
   * them. An index a listing reads carries only what the listing shows, so its storage and write cost do
   * not grow with a booking's history.
   */
  readonly projection?: readonly string[];
}

export interface TableDefinition {
  /** Logical name: the CDK construct id and, prefixed, the table name. */
  readonly id: TableId;
  /** The environment variable through which handlers learn the physical table name. */
  readonly envVar: string;
  readonly partitionKey: KeyAttribute;
  readonly sortKey?: KeyAttribute;
  /** Attribute holding an epoch-seconds expiry, when items expire. */
  readonly ttlAttribute?: string;
  readonly globalIndexes?: readonly IndexDefinition[];
  /** The table's change stream (DynamoDB Streams), with the new image of each written item. */
  readonly stream?: 'NEW_IMAGE';
  readonly purpose: string;
}

export type TableId =
  | 'clients'
  | 'signingKeys'
  | 'contracts'
  | 'rateLimits'
  | 'searches'
  | 'properties'
  | 'bookings'
  | 'guests'
  | 'idempotency'
  | 'wallets'
  | 'webhooks'
  | 'fxRates';

/** The guests table's index (functions/booking/personal-data/guest-details-store.ts). */
export const GUEST_INDEXES = { byCheckOut: 'heldByCheckOut' } as const;

/** The webhooks table's indexes (functions/stores/dynamo-webhooks.ts). */
export const WEBHOOK_INDEXES = { due: 'dueDeliveries', lane: 'openDeliveriesByLane' } as const;

const pk: KeyAttribute = { name: 'pk', type: 'S' };

/**
 * What a booking summary shows (functions/booking/record/booking-summary.ts reads nothing else, which its type
 * checks), so the listing indexes project exactly these attributes of the booking item.
 */
export const BOOKING_SUMMARY_ATTRIBUTES = [
  'bookingId',
  'status',
  'clientReference',
  'supplierId',
  'supplierReference',
  'hotelConfirmationNumber',
  'propertyId',
  'propertyName',
  'checkIn',
  'checkOut',
  'total',
  'currency',
  'matchedSearchPrice',
  'cancellationPolicy',
  'createdAt',
  'updatedAt',
] as const;

/**
 * The attributes a booking item carries for the listing indexes (keys.ts builds their values). Each
 * value starts with the tenant; the sort values end in the bookingId, so the order is total and a page
 * boundary never falls between two bookings made in the same millisecond.
 */
export const BOOKING_LIST_ATTRIBUTES = {
  /** `<tenant>#booking`: every booking of a tenant. */
  tenantBookings: 'tenantBookings',
  /** `<tenant>#clientReference#<clientReference>`: a partner's own reference. */
  tenantClientReference: 'tenantClientReference',
  /** `<createdAt>#<bookingId>`. */
  createdSort: 'createdSort',
  /** `<checkIn>#<createdAt>#<bookingId>`. */
  checkInSort: 'checkInSort',
} as const;

export const BOOKING_INDEXES = {
  byCreated: 'bookingsByCreated',
  byClientReference: 'bookingsByClientReference',
  byCheckIn: 'bookingsByCheckIn',
} as const;

const listAttribute = (name: keyof typeof BOOKING_LIST_ATTRIBUTES): KeyAttribute => ({ name: BOOKING_LIST_ATTRIBUTES[name], type: 'S' });
const sk: KeyAttribute = { name: 'sk', type: 'S' };

export const TABLES: readonly TableDefinition[] = [
  {
    id: 'clients',
    envVar: 'CLIENTS_TABLE',
    partitionKey: pk,
    sortKey: sk,
    globalIndexes: [{ name: 'byClientId', partitionKey: { name: 'clientId', type: 'S' } }],
    purpose: 'API clients per tenant: secret hash, scopes, usage key. The token endpoint finds a client by id through byClientId.',
  },
  {
    id: 'signingKeys',
    envVar: 'SIGNING_KEYS_TABLE',
    partitionKey: pk,
    // Apart from the public key ring (clients table), so that the only grants on it are the token
    // function's and the rotation job's: nothing else can read a private key and mint tokens.
    purpose:
      'The private key that signs access tokens (functions/auth/signing-key-store.ts); its public half and the retired ones are in the clients table.',
  },
  {
    id: 'contracts',
    envVar: 'CONTRACTS_TABLE',
    partitionKey: pk,
    sortKey: sk,
    // Apart from clients so that search and booking can read contracts without reading secret hashes.
    // Its stream starts a property mapping run when a contract is written (lib/property-mapping.ts).
    stream: 'NEW_IMAGE',
    purpose: 'Supplier contracts per tenant: which suppliers its searches reach, their endpoints and credentials.',
  },
  {
    id: 'rateLimits',
    envVar: 'RATE_LIMITS_TABLE',
    partitionKey: pk,
    ttlAttribute: 'expiresAt',
    purpose: 'Fixed-window counters (token requests per client per minute); items expire after their window.',
  },
  {
    id: 'searches',
    envVar: 'SEARCHES_TABLE',
    partitionKey: pk,
    sortKey: sk,
    ttlAttribute: 'expiresAt',
    purpose: 'Stored searches and their rates, to page results and re-validate a rateId at check and booking.',
  },
  {
    id: 'properties',
    envVar: 'PROPERTIES_TABLE',
    partitionKey: pk,
    sortKey: sk,
    purpose: 'The property map (supplier refs to unified ids) and unified content.',
  },
  {
    id: 'bookings',
    envVar: 'BOOKINGS_TABLE',
    partitionKey: pk,
    sortKey: sk,
    // Sparse: only bookings whose supplier outcome is unknown carry pendingTenant, so the reconciler reads
    // exactly the bookings it has to settle.
    // The three listing indexes serve GET /v1/hotels/bookings without a scan: a tenant's bookings newest
    // first (optionally within a created range), those with one clientReference, and those in a check-in
    // range. Status and supplier filter the few items a key condition already chose.
    globalIndexes: [
      { name: 'pendingBookings', partitionKey: { name: 'pendingTenant', type: 'S' }, sortKey: { name: 'pendingSince', type: 'S' } },
      {
        name: BOOKING_INDEXES.byCreated,
        partitionKey: listAttribute('tenantBookings'),
        sortKey: listAttribute('createdSort'),
        projection: BOOKING_SUMMARY_ATTRIBUTES,
      },
      {
        name: BOOKING_INDEXES.byClientReference,
        partitionKey: listAttribute('tenantClientReference'),
        sortKey: listAttribute('createdSort'),
        projection: BOOKING_SUMMARY_ATTRIBUTES,
      },
      {
        name: BOOKING_INDEXES.byCheckIn,
        partitionKey: listAttribute('tenantBookings'),
        sortKey: listAttribute('checkInSort'),
        projection: BOOKING_SUMMARY_ATTRIBUTES,
      },
    ],
    purpose: 'Bookings with their history; money fields as plain attributes for finance exports. No personal data: that is in guests.',
  },
  {
    id: 'guests',
    envVar: 'GUESTS_TABLE',
    partitionKey: pk,
    sortKey: sk,
    // Apart from bookings so that finance's export of the bookings table, and every function that reads a
    // booking without showing it (the reconciler, the flow's settling), holds no personal data; and so
    // that erasing a guest is one item, while the booking (money, status, ids) stays for the ledger.
    // Items expire some days after the retention job should have erased them: a backstop, never the rule.
    ttlAttribute: 'expiresAt',
    // Sparse: only details still held carry heldTenant (an erasure's mark does not), so the retention job
    // reads exactly the bookings whose check-out is far enough behind, oldest first.
    globalIndexes: [
      {
        name: GUEST_INDEXES.byCheckOut,
        partitionKey: { name: 'heldTenant', type: 'S' },
        sortKey: { name: 'checkOut', type: 'S' },
        projection: ['bookingId'],
      },
    ],
    purpose:
      "A booking's personal data: holder (name, e-mail, phone), guests' names and children's ages, the cancel reason. Erased on request and after check-out.",
  },
  {
    id: 'wallets',
    envVar: 'WALLETS_TABLE',
    partitionKey: pk,
    sortKey: sk,
    // Apart from bookings: a wallet's every movement is an item of its partition, and its balance item is
    // the one conditional write that keeps concurrent holds from overdrawing it.
    purpose: 'Agent wallets per tenant: the balance item, the holds of bookings in progress, and every movement.',
  },
  {
    id: 'webhooks',
    envVar: 'WEBHOOKS_TABLE',
    partitionKey: pk,
    sortKey: sk,
    // Its stream carries the outbox: a booking's event is written here in the same transaction as the
    // booking's change, and the stream hands it to the sender (functions/webhooks/). Sparse indexes hold
    // only deliveries still open: those due for an attempt, and each (endpoint, booking) lane's order.
    stream: 'NEW_IMAGE',
    // Events and deliveries expire (WEBHOOK_RETENTION_DAYS after the event); endpoints never carry it.
    ttlAttribute: 'expiresAt',
    globalIndexes: [
      { name: WEBHOOK_INDEXES.due, partitionKey: { name: 'dueTenant', type: 'S' }, sortKey: { name: 'dueAt', type: 'S' } },
      { name: WEBHOOK_INDEXES.lane, partitionKey: { name: 'openLane', type: 'S' }, sortKey: { name: 'sk', type: 'S' } },
    ],
    purpose: "Webhook endpoints per tenant, the outbox of booking events, and each endpoint's deliveries with their attempts.",
  },
  {
    id: 'fxRates',
    envVar: 'FX_RATES_TABLE',
    partitionKey: pk,
    sortKey: sk,
    // Apart from contracts so that the feed job, which writes what an outside feed says, can write nothing
    // else; no expiry: the days a stored booking's stamp names stay to be checked against (finance).
    purpose:
      "The deployment's FX figures: each day the feed stored (the ECB's reference rates, by date) and the operators' rates for the currencies the feed lacks.",
  },
  {
    id: 'idempotency',
    envVar: 'IDEMPOTENCY_TABLE',
    partitionKey: { name: 'id', type: 'S' },
    ttlAttribute: 'expiration',
    purpose: 'Powertools idempotency records for booking, cancel and modify (24 h).',
  },
];

export function tableDefinition(id: TableId): TableDefinition {
  const table = TABLES.find((t) => t.id === id);
  if (!table) throw new Error(`unknown table ${id}`);
  return table;
}
