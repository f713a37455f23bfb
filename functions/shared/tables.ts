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
  readonly purpose: string;
}

export type TableId = 'clients' | 'contracts' | 'rateLimits' | 'searches' | 'properties' | 'bookings' | 'idempotency' | 'wallets';

const pk: KeyAttribute = { name: 'pk', type: 'S' };
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
    id: 'contracts',
    envVar: 'CONTRACTS_TABLE',
    partitionKey: pk,
    sortKey: sk,
    // Apart from clients so that search and booking can read contracts without reading secret hashes.
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
    globalIndexes: [{ name: 'pendingBookings', partitionKey: { name: 'pendingTenant', type: 'S' }, sortKey: { name: 'pendingSince', type: 'S' } }],
    purpose: 'Bookings with their history; money fields as plain attributes for finance exports.',
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
