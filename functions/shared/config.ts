/**
 * Everything a handler needs to know about where it runs comes from the environment: the same module
 * runs in Lambda and under the local host, which only sets different endpoints.
 */
import { TABLES, type TableId } from './tables.js';

export function env(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`environment variable ${name} is not set`);
  return value;
}

export function optionalEnv(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

export function tableName(id: TableId): string {
  const table = TABLES.find((t) => t.id === id);
  if (!table) throw new Error(`unknown table ${id}`);
  return env(table.envVar);
}

export type Stage = 'sandbox' | 'production';

export function stage(): Stage {
  return optionalEnv('STAGE') === 'production' ? 'production' : 'sandbox';
}

/** Issuer and audience of our access tokens: the token endpoint stamps them, the authorizer demands them. */
export function tokenIssuer(): string {
  return optionalEnv('TOKEN_ISSUER') ?? 'https://auth.hotel-api.local';
}

export function tokenAudience(): string {
  return optionalEnv('TOKEN_AUDIENCE') ?? 'hotel-api';
}
