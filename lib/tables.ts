/**
 * The DynamoDB tables, one per entry of functions/shared/tables.ts (the same list the local host creates
 * in DynamoDB Local), so keys, indexes and TTL attributes cannot differ between AWS and this machine.
 *
 * Encryption: the tenant stack's own key (data-key.ts), on every table: they hold the guests' personal data,
 * the clients' secret hashes, the signing keys and the webhook endpoints' secrets, and one key for all keeps
 * the grants simple (every table grant grants the key too: table-grants.ts).
 */
import { Stack } from 'aws-cdk-lib';
import {
  AttributeType,
  BillingMode,
  ProjectionType,
  StreamViewType,
  Table,
  TableEncryption,
  type Attribute,
} from 'aws-cdk-lib/aws-dynamodb';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import {
  BOOKING_INDEXES,
  TABLES,
  type IndexDefinition,
  type KeyAttribute,
  type TableDefinition,
  type TableId,
} from '../functions/shared/tables.js';
import { removalPolicyFor, type Stage } from './stack-config.js';

export interface HotelTablesProps {
  readonly stage: Stage;
  /** The tenant stack's own key, for every table. */
  readonly key: IKey;
}

/**
 * CloudFormation adds one global secondary index to a table per stack update, and fails an update that
 * adds more. A stack deployed before the booking list's three indexes takes them in three deploys:
 * `-c bookingListIndexes=1`, then `=2`, then without (all). A new stack gets them all at once.
 */
export const BOOKING_LIST_INDEXES_CONTEXT = 'bookingListIndexes';
const LISTING_ORDER: readonly string[] = [BOOKING_INDEXES.byCreated, BOOKING_INDEXES.byClientReference, BOOKING_INDEXES.byCheckIn];

function listingIndexesFrom(scope: Construct): number {
  const value: unknown = scope.node.tryGetContext(BOOKING_LIST_INDEXES_CONTEXT);
  if (value === undefined || value === null || value === '') return LISTING_ORDER.length;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0 || count > LISTING_ORDER.length) {
    throw new Error(`context ${BOOKING_LIST_INDEXES_CONTEXT}=${String(value)}: use 0 to ${LISTING_ORDER.length}, one more per deploy`);
  }
  return count;
}

/** The indexes a table is deployed with: all, but for the listing indexes not yet rolled out. */
export function deployedIndexes(definition: TableDefinition, listingIndexes: number): readonly IndexDefinition[] {
  const deferred = new Set(LISTING_ORDER.slice(listingIndexes));
  return (definition.globalIndexes ?? []).filter((index) => !deferred.has(index.name));
}

export interface HotelTable {
  readonly definition: TableDefinition;
  readonly table: Table;
}

export class HotelTables extends Construct {
  private readonly tables = new Map<TableId, HotelTable>();

  constructor(scope: Construct, id: string, props: HotelTablesProps) {
    super(scope, id);
    const production = props.stage === 'production';
    const listingIndexes = listingIndexesFrom(this);
    for (const definition of TABLES) {
      const table = new Table(this, definition.id, {
        partitionKey: attribute(definition.partitionKey),
        ...(definition.sortKey ? { sortKey: attribute(definition.sortKey) } : {}),
        ...(definition.ttlAttribute ? { timeToLiveAttribute: definition.ttlAttribute } : {}),
        ...(definition.stream ? { stream: StreamViewType[definition.stream] } : {}),
        // Partner traffic is bursty and per tenant small; on-demand needs no capacity planning per stack.
        billingMode: BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        encryption: TableEncryption.CUSTOMER_MANAGED,
        encryptionKey: props.key,
        deletionProtection: production,
        removalPolicy: removalPolicyFor(props.stage),
      });
      for (const index of deployedIndexes(definition, listingIndexes)) {
        table.addGlobalSecondaryIndex({
          indexName: index.name,
          partitionKey: attribute(index.partitionKey),
          ...(index.sortKey ? { sortKey: attribute(index.sortKey) } : {}),
          ...(index.projection
            ? { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...index.projection] }
            : { projectionType: ProjectionType.ALL }),
        });
      }
      this.tables.set(definition.id, { definition, table });
    }
  }

  get(id: TableId): HotelTable {
    const found = this.tables.get(id);
    if (!found) throw new Error(`no table ${id} in ${Stack.of(this).stackName}`);
    return found;
  }
}

function attribute(key: KeyAttribute): Attribute {
  return { name: key.name, type: key.type === 'S' ? AttributeType.STRING : AttributeType.NUMBER };
}
