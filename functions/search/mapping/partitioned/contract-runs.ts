/**
 * Contract changes into mapping runs: the contracts table's stream (its Lambda trigger on AWS, the local
 * host's stream reader here) names the suppliers whose contracts of the stack's tenant were written, and
 * one run is started for them. The execution's name is taken from the records, so a batch the stream
 * delivers twice starts one run (Step Functions answers a second StartExecution of one name and input with
 * the first execution).
 */
import { createHash } from 'node:crypto';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import type { RunRequest } from './stage-plan.js';

export interface ContractRun {
  /** The execution's name (at most 80 characters: letters, digits, `-`, `_`). */
  readonly name: string;
  readonly request: RunRequest;
}

export function contractRun(event: DynamoDBStreamEvent, tenant: string, now: Date): ContractRun | undefined {
  const suppliers = new Set<string>();
  const ids: string[] = [];
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage;
    if ((record.eventName !== 'INSERT' && record.eventName !== 'MODIFY') || image?.kind?.S !== 'contract') continue;
    if (image.tenant?.S !== tenant || !image.supplierId?.S) continue;
    suppliers.add(image.supplierId.S);
    ids.push(record.dynamodb?.SequenceNumber ?? record.eventID ?? '');
  }
  if (suppliers.size === 0) return undefined;
  const name = `contract-${createHash('sha256').update(ids.join('\n')).digest('hex').slice(0, 40)}`;
  // Now, after the write: a run that read the supplier since then (one started at deploy) has mapped it, and
  // this one reads nothing again. Not the stream's ApproximateCreationDateTime: rounded down (to the second on
  // AWS, to the minute in DynamoDB Local), it would call a read made just before the write one made after it.
  const requestedAt = now.toISOString();
  return { name, request: { reason: 'contract', suppliers: [...suppliers].sort(), requestedAt } };
}
