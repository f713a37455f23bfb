/**
 * What every adapter in the registry signs its calls with: an API key and a secret (Hotelbeds' Api-key and
 * signature secret, Rapid's key and shared secret, OpenTravel's requestor id and password). A contract's
 * credentials, inline (sandbox contracts) or in Secrets Manager, must have both; the sandbox suppliers
 * accept the same pair.
 */
import * as z from 'zod';

export const adapterCredentialsSchema = z.object({ apiKey: z.string().min(1), secret: z.string().min(8) });
export type AdapterCredentials = z.infer<typeof adapterCredentialsSchema>;
