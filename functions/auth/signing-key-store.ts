/**
 * Where the signing keys live, in DynamoDB so that the same code rotates them on AWS and on this machine:
 * - the private keys (the newest, and the one that signs until the newest may), alone in the signingKeys table, which only the token function and the
 *   rotation job may read (lib/signing-key.ts; an infra test holds it);
 * - the public key ring (key-ring.ts) in the clients table, which the authorizer already reads.
 * A rotation writes both in one transaction, so the new key is published the moment it can sign.
 *
 * The ring belongs to the deployment (its token issuer), not to a tenant: the local host serves several
 * tenants under one issuer. Its keys start with the platform owner, as the shared property map's do.
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { JWK } from 'jose';
import { tableName } from '../shared/config.js';
import { dynamoClient } from '../shared/dynamodb.js';
import { keys } from '../shared/keys.js';
import { EMPTY_RING, type KeyRing, type RingKey } from './key-ring.js';

export interface PrivateSigningKey {
  kid: string;
  /** The private JWK (with d). */
  jwk: JWK;
}

/** The stored private item: the newest key, from when it signs, and the key that signs until then. */
export interface PrivateSigningKeys {
  next: PrivateSigningKey;
  /** ISO time from which `next` signs (key-ring.ts KEY_PUBLISH_LEAD_SECONDS after its rotation). */
  signsFrom: string;
  /** The key that signs before signsFrom; absent for the very first key. */
  previous?: PrivateSigningKey;
}

/** The key that signs at `now`. */
export function signerAt(keys: PrivateSigningKeys, now: Date): PrivateSigningKey {
  return keys.previous && now.getTime() < Date.parse(keys.signsFrom) ? keys.previous : keys.next;
}

function asRing(item: Record<string, unknown> | undefined): KeyRing {
  if (!item || typeof item.version !== 'number' || !Array.isArray(item.keys)) return EMPTY_RING;
  return { version: item.version, keys: item.keys as RingKey[] };
}

/** The public key ring; strongly consistent, so a verifier that meets an unknown kid sees a fresh rotation. */
export async function readKeyRing(): Promise<KeyRing> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName('clients'), Key: keys.signingKeyRing(), ConsistentRead: true }),
  );
  return asRing(Item);
}

function asPrivate(kid: unknown, jwk: unknown): PrivateSigningKey | undefined {
  return typeof kid === 'string' && typeof jwk === 'string' ? { kid, jwk: JSON.parse(jwk) as JWK } : undefined;
}

/** The private keys, or null before the first rotation. */
export async function readPrivateSigningKeys(): Promise<PrivateSigningKeys | null> {
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName('signingKeys'), Key: keys.privateSigningKey(), ConsistentRead: true }),
  );
  const next = asPrivate(Item?.kid, Item?.jwk);
  if (!next || typeof Item?.signsFrom !== 'string') return null;
  const previous = asPrivate(Item.previousKid, Item.previousJwk);
  return { next, signsFrom: Item.signsFrom, ...(previous ? { previous } : {}) };
}

export class RotationConflictError extends Error {
  override readonly name = 'RotationConflictError';
}

/**
 * Writes the ring over the version `previousVersion` and the new private key, together. Two rotations at
 * once: one wins, the other gets RotationConflictError (and may read again and retry).
 */
export async function writeRotation(ring: KeyRing, previousVersion: number, signers: PrivateSigningKeys): Promise<void> {
  try {
    await dynamoClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName('clients'),
              Item: { ...keys.signingKeyRing(), version: ring.version, keys: ring.keys },
              ConditionExpression: previousVersion === 0 ? 'attribute_not_exists(pk)' : 'version = :previous',
              ...(previousVersion === 0 ? {} : { ExpressionAttributeValues: { ':previous': previousVersion } }),
            },
          },
          {
            Put: {
              TableName: tableName('signingKeys'),
              Item: {
                ...keys.privateSigningKey(),
                kid: signers.next.kid,
                jwk: JSON.stringify(signers.next.jwk),
                signsFrom: signers.signsFrom,
                ...(signers.previous ? { previousKid: signers.previous.kid, previousJwk: JSON.stringify(signers.previous.jwk) } : {}),
              },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if ((error as { name?: unknown }).name === 'TransactionCanceledException')
      throw new RotationConflictError('another rotation wrote the key ring first');
    throw error;
  }
}
