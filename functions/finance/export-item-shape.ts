/**
 * The attributes of a DynamoDB export line the ledger reads, in the export's own DynamoDB JSON
 * (`{"S": "..."}`, `{"N": "..."}`, `{"L": [...]}`, `{"M": {...}}`), as one list that both engines are given:
 * DuckDB as `read_json` column types, Athena as the Glue table's Hive struct types. Declaring the types
 * (rather than letting an engine guess them from a sample) makes every line read the same way, whatever
 * attributes a given item happens to have.
 *
 * Two tables' items meet here: a booking (bookings table, `sk = 'booking'`) and a wallet movement (wallets
 * table, `kind = 'wallet-movement'`); the ledger tells them apart by those keys.
 */

type Attribute = 'S' | 'N' | 'history' | 'payment' | 'stayChanges';

const ITEM_ATTRIBUTES: Readonly<Record<string, Attribute>> = {
  pk: 'S',
  sk: 'S',
  kind: 'S',
  tenant: 'S',
  status: 'S',
  // A booking (functions/booking/record/booking-record.ts): money as decimal strings in the quote currency.
  bookingId: 'S',
  clientReference: 'S',
  supplierId: 'S',
  supplierReference: 'S',
  checkIn: 'S',
  checkOut: 'S',
  currency: 'S',
  net: 'S',
  markup: 'S',
  commission: 'S',
  tax: 'S',
  serviceFee: 'S',
  total: 'S',
  supplierAmount: 'S',
  supplierCurrency: 'S',
  fxRate: 'S',
  fxSource: 'S',
  fxAsOf: 'S',
  // Only on bookings of an account with a conversion margin: the reference rate fxRate was made from.
  fxReferenceRate: 'S',
  fxMarginBps: 'N',
  penaltyAmount: 'S',
  paymentMethod: 'payment',
  history: 'history',
  // Each stay change made, with the booking's money after it (functions/booking/record/stay-change-fields.ts).
  stayChanges: 'stayChanges',
  // A wallet movement (functions/stores/dynamo-wallets.ts): minor units of the wallet's currency.
  walletId: 'S',
  movementId: 'S',
  type: 'S',
  amountMinor: 'N',
  at: 'S',
  // What makes the movement once: a booking's capture `captured#<bookingId>`, a stay change's `captured#<bookingId>~<changeId>`...
  reference: 'S',
};

/** The fields of a stay change entry the ledger reads, all strings. */
const STAY_CHANGE_FIELDS = [
  'changeId',
  'at',
  'checkIn',
  'checkOut',
  'previousTotal',
  'net',
  'markup',
  'commission',
  'tax',
  'serviceFee',
  'total',
  'supplierAmount',
  'supplierCurrency',
] as const;

/** The item attributes the ledger reads, by name. */
export const ITEM_ATTRIBUTE_NAMES: readonly string[] = Object.keys(ITEM_ATTRIBUTES);

const duckdbAttribute: Record<Attribute, string> = {
  S: 'STRUCT(S VARCHAR)',
  N: 'STRUCT(N VARCHAR)',
  payment: 'STRUCT(M STRUCT(method STRUCT(S VARCHAR), "walletId" STRUCT(S VARCHAR)))',
  history: 'STRUCT(L STRUCT(M STRUCT("at" STRUCT(S VARCHAR), "event" STRUCT(S VARCHAR)))[])',
  stayChanges: `STRUCT(L STRUCT(M STRUCT(${STAY_CHANGE_FIELDS.map((field) => `"${field}" STRUCT(S VARCHAR)`).join(', ')}))[])`,
};

const glueAttribute: Record<Attribute, string> = {
  S: 'struct<s:string>',
  N: 'struct<n:string>',
  payment: 'struct<m:struct<method:struct<s:string>,walletid:struct<s:string>>>',
  history: 'struct<l:array<struct<m:struct<at:struct<s:string>,event:struct<s:string>>>>>',
  stayChanges: `struct<l:array<struct<m:struct<${STAY_CHANGE_FIELDS.map((field) => `${field.toLowerCase()}:struct<s:string>`).join(',')}>>>>`,
};

/** An item's DuckDB type: `STRUCT("pk" STRUCT(S VARCHAR), ...)`. */
export function duckdbItemType(): string {
  return `STRUCT(${Object.entries(ITEM_ATTRIBUTES)
    .map(([name, kind]) => `"${name}" ${duckdbAttribute[kind]}`)
    .join(', ')})`;
}

/** The same as a Hive type for the Glue table (Hive lowercases names; the JSON SerDe matches them case-insensitively). */
export function glueItemType(): string {
  return `struct<${Object.entries(ITEM_ATTRIBUTES)
    .map(([name, kind]) => `${name.toLowerCase()}:${glueAttribute[kind]}`)
    .join(',')}>`;
}

/**
 * The columns of an export line, both forms: `Item` (full export), `Metadata`, `Keys`, `NewImage` and
 * `OldImage` (incremental export; OldImage is not read, but declared so both views read alike). A line of
 * one form has the other form's columns null. `Keys` is the table's key (pk, sk), all a delete has in the
 * NEW_IMAGE view.
 */
export function exportLineColumns(itemType: string, engine: 'duckdb' | 'glue'): { name: string; type: string }[] {
  const metadata =
    engine === 'duckdb' ? 'STRUCT("WriteTimestampMicros" STRUCT(N VARCHAR))' : 'struct<writetimestampmicros:struct<n:string>>';
  const keys =
    engine === 'duckdb' ? 'STRUCT("pk" STRUCT(S VARCHAR), "sk" STRUCT(S VARCHAR))' : 'struct<pk:struct<s:string>,sk:struct<s:string>>';
  return [
    { name: 'Item', type: itemType },
    { name: 'Metadata', type: metadata },
    { name: 'Keys', type: keys },
    { name: 'NewImage', type: itemType },
    { name: 'OldImage', type: itemType },
  ];
}

/**
 * The Glue table reads every file under the export prefix, the manifests too: a `manifest-summary.json` is
 * one line with these top-level fields, which is how Athena learns a full export's point in time (its
 * `exportTime`), joined to the export's data files by the export id in their paths.
 */
export const GLUE_SUMMARY_COLUMNS: readonly { name: string; type: string }[] = [
  { name: 'exportarn', type: 'string' },
  { name: 'exporttype', type: 'string' },
  { name: 'exporttime', type: 'string' },
];
