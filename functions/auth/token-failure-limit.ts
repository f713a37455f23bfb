/**
 * Wrong secrets at the token endpoint, counted apart from good requests so that nobody who merely knows a
 * client_id can lock its holder out. Counted in three places (the rateLimits table):
 *
 * - per source address and client: the one that blocks. Past its allowance the address waits, with a wait
 *   that doubles with every further failure (backoff), before its guesses for that client are tried again;
 * - per source address, across clients (and unknown client ids): an address guessing at many clients is
 *   blocked the same way, with a larger allowance;
 * - per client, across addresses: a client under a distributed flood shrinks each new address's
 *   allowance to one wrong secret, so a thousand addresses get a thousand guesses, not five thousand.
 *
 * Nothing here ever blocks a client as such: an address that has sent no wrong secret is always tried, so
 * the holder of the right secret gets its token however large the flood. A blocked request is refused
 * before its secret is checked (no guess is tested, no scrypt time is spent). A success from an address
 * clears its count for that client and exempts it, for that client, from its count across clients.
 */
import { BatchGetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DomainError } from '../domain/errors/domain-error.js';
import { tableName } from '../shared/config.js';
import { dynamoClient } from '../shared/dynamodb.js';
import { keys } from '../shared/keys.js';
import { LIMITS } from '../shared/limits.js';

export interface FailureSubject {
  /** The client the request names, when it exists. */
  client?: { tenant: string; clientId: string };
  /** The caller's address as API Gateway saw it (requestContext.identity.sourceIp). */
  sourceIp: string;
}

interface FailureItem {
  pk: string;
  failures?: number;
  blockedUntil?: number;
  /** Epoch seconds until which this address counts as one its client's secret came from. */
  provenUntil?: number;
}

/** The wait after the `excess`-th failure past the allowance, in seconds: base × 2^(excess−1), capped. */
export function backoffSeconds(excess: number, policy = LIMITS.tokenFailures): number {
  if (excess <= 0) return 0;
  return Math.min(policy.maxBackoffSeconds, policy.baseBackoffSeconds * 2 ** Math.min(excess - 1, 30));
}

function counterKeys(subject: FailureSubject, now: Date) {
  const windowStart =
    Math.floor(now.getTime() / 1000 / LIMITS.tokenFailures.clientWindowSeconds) * LIMITS.tokenFailures.clientWindowSeconds;
  return {
    address: keys.tokenFailuresByAddress(subject.sourceIp),
    ...(subject.client
      ? {
          clientAddress: keys.tokenFailuresByClientAddress(subject.client.tenant, subject.client.clientId, subject.sourceIp),
          client: keys.tokenFailuresByClient(subject.client.tenant, subject.client.clientId, windowStart),
        }
      : {}),
  };
}

function tooManyFailures(retryAfter: number): DomainError {
  return new DomainError('rate-limited', `Too many failed token requests from this address; retry after ${retryAfter} seconds`, {
    retryAfterSeconds: retryAfter,
  });
}

/** Throws a rate-limited domain error when the address is waiting out a backoff (for this client, or for every client). */
export async function refuseWhileBlocked(subject: FailureSubject, now: Date = new Date()): Promise<void> {
  const k = counterKeys(subject, now);
  const wanted = [k.address, ...(k.clientAddress ? [k.clientAddress] : [])];
  const items = await readCounters(wanted);
  const nowSeconds = now.getTime() / 1000;
  const forClient = items.find((item) => item.pk === k.clientAddress?.pk);
  const forAddress = items.find((item) => item.pk === k.address.pk);
  // An address this client's secret came from recently is the holder's (behind a NAT it may share with
  // an attacker guessing at other clients): only its own wrong secrets for this client hold it up.
  const proven = (forClient?.provenUntil ?? 0) > nowSeconds;
  const until = Math.max(forClient?.blockedUntil ?? 0, proven ? 0 : (forAddress?.blockedUntil ?? 0));
  if (until > nowSeconds) throw tooManyFailures(Math.max(1, Math.ceil(until - nowSeconds)));
}

/** How many times the counters' batch read asks again for keys DynamoDB left unprocessed, and its first pause. */
const BATCH_ROUNDS = 5;
const BATCH_RETRY_MS = 25;

/**
 * The counters, every one of them, as last written: strongly consistent (an eventually consistent read may miss
 * the failure recorded a moment ago: Amazon DynamoDB "Read consistency"), and the keys DynamoDB returns in
 * UnprocessedKeys asked for again, with a growing pause (Amazon DynamoDB API Reference, BatchGetItem). A batch
 * still incomplete after that fails the request (503 through the error middleware) rather than let a blocked
 * address through on a partial read.
 */
async function readCounters(wanted: readonly { pk: string }[]): Promise<FailureItem[]> {
  const table = tableName('rateLimits');
  const items: FailureItem[] = [];
  let keys: Record<string, unknown>[] = [...wanted];
  for (let round = 0; keys.length > 0; round++) {
    if (round === BATCH_ROUNDS) throw new Error(`rateLimits: ${keys.length} counters still unprocessed after ${BATCH_ROUNDS} batch reads`);
    if (round > 0) await new Promise((resolve) => setTimeout(resolve, BATCH_RETRY_MS * 2 ** (round - 1)));
    const { Responses, UnprocessedKeys } = await dynamoClient().send(
      new BatchGetCommand({ RequestItems: { [table]: { Keys: keys, ConsistentRead: true } } }),
    );
    items.push(...((Responses?.[table] ?? []) as FailureItem[]));
    keys = UnprocessedKeys?.[table]?.Keys ?? [];
  }
  return items;
}

/** Adds one to a counter; returns the count after it. The item lives `ttlSeconds` past its last failure. */
async function addFailure(key: { pk: string }, expiresAt: number): Promise<number> {
  const { Attributes } = await dynamoClient().send(
    new UpdateCommand({
      TableName: tableName('rateLimits'),
      Key: key,
      UpdateExpression: 'ADD failures :one SET expiresAt = :expiresAt',
      ExpressionAttributeValues: { ':one': 1, ':expiresAt': expiresAt },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number((Attributes as FailureItem | undefined)?.failures ?? 1);
}

async function block(key: { pk: string }, until: number, expiresAt: number): Promise<void> {
  await dynamoClient().send(
    new UpdateCommand({
      TableName: tableName('rateLimits'),
      Key: key,
      UpdateExpression: 'SET blockedUntil = :until, expiresAt = :expiresAt',
      ExpressionAttributeValues: { ':until': until, ':expiresAt': Math.max(expiresAt, Math.ceil(until)) },
    }),
  );
}

/** Records one wrong secret (or unknown client) from the address; sets the backoff its count calls for. */
export async function recordFailure(subject: FailureSubject, now: Date = new Date()): Promise<void> {
  const policy = LIMITS.tokenFailures;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const expiresAt = nowSeconds + policy.memorySeconds;
  const k = counterKeys(subject, now);
  const writes: Promise<void>[] = [];

  writes.push(
    addFailure(k.address, expiresAt).then(async (count) => {
      if (count >= policy.perAddress) await block(k.address, nowSeconds + backoffSeconds(count - policy.perAddress + 1), expiresAt);
    }),
  );
  if (k.client && k.clientAddress) {
    const clientKey = k.client;
    const clientAddressKey = k.clientAddress;
    writes.push(
      (async () => {
        const [clientCount, count] = await Promise.all([
          addFailure(clientKey, nowSeconds + policy.clientWindowSeconds + 60),
          addFailure(clientAddressKey, expiresAt),
        ]);
        // A client under a flood gives each address one wrong secret before its wait begins.
        const allowance = clientCount > policy.perClientWindow ? 1 : policy.perClientAddress;
        if (count >= allowance) await block(clientAddressKey, nowSeconds + backoffSeconds(count - allowance + 1), expiresAt);
      })(),
    );
  }
  await Promise.all(writes);
}

/**
 * The address proved the secret: its failures for this client are forgotten and it is remembered as the
 * holder's for a day (its count across clients stays).
 */
export async function recordSuccess(subject: Required<FailureSubject>, now: Date = new Date()): Promise<void> {
  const provenUntil = Math.floor(now.getTime() / 1000) + LIMITS.tokenFailures.provenSeconds;
  await dynamoClient().send(
    new PutCommand({
      TableName: tableName('rateLimits'),
      Item: {
        ...keys.tokenFailuresByClientAddress(subject.client.tenant, subject.client.clientId, subject.sourceIp),
        provenUntil,
        expiresAt: provenUntil,
      },
    }),
  );
}
