/**
 * One item of a DynamoDB TransactWriteItems call, as the document client takes it. Stores accept extra
 * items of this shape to write them in the same transaction as their own change (the outbox's events, the
 * operators' audit entries).
 */
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
