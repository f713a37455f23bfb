/**
 * Starts every sandbox supplier of SANDBOX_SUPPLIERS on loopback, each with fresh credentials, and
 * describes how a contract reaches it. The same servers run behind Lambda function URLs in sandbox stacks.
 */
import { randomBytes } from 'node:crypto';
import type { AdapterKind } from '../functions/suppliers/contracts.js';
import { startExpediaSandbox } from '../sandbox/expedia/server.js';
import { startHotelbedsSandbox } from '../sandbox/hotelbeds/server.js';
import { startOpenTravelSandbox } from '../sandbox/opentravel/server.js';
import type { SandboxCredentials } from '../sandbox/credentials.js';
import type { SandboxServerOptions } from '../sandbox/http.js';
import type { LatencyProfile } from '../sandbox/latency.js';
import { SANDBOX_SUPPLIERS } from '../sandbox/suppliers.js';

interface StartedSandbox {
  readonly url: string;
  close(): Promise<void>;
  /** How many bookings the supplier holds under a client reference of ours (tests count double bookings). */
  bookingsUnder(clientReference: string): number;
}

/** One starter per wire format, each reading its own booking store the way its supplier keys it. */
const STARTERS: Readonly<Record<AdapterKind, (options: SandboxServerOptions) => Promise<StartedSandbox>>> = {
  hotelbeds: async (options) => {
    const server = await startHotelbedsSandbox(options);
    return { url: server.url, close: () => server.close(), bookingsUnder: (ref) => server.bookings.byClientReference(ref).length };
  },
  expedia: async (options) => {
    const server = await startExpediaSandbox(options);
    return {
      url: server.url,
      close: () => server.close(),
      bookingsUnder: (ref) => server.bookings.list().filter((i) => i.affiliateReferenceId === ref).length,
    };
  },
  opentravel: async (options) => {
    const server = await startOpenTravelSandbox(options);
    return { url: server.url, close: () => server.close(), bookingsUnder: (ref) => server.bookings.byClientReference(ref).length };
  },
};

export interface RunningSandboxSupplier {
  readonly supplierId: string;
  readonly adapter: AdapterKind;
  readonly endpoint: string;
  readonly credentials: SandboxCredentials;
  close(): Promise<void>;
  bookingsUnder(clientReference: string): number;
}

export async function startSandboxSuppliers(options: { latency?: LatencyProfile } = {}): Promise<RunningSandboxSupplier[]> {
  const started: RunningSandboxSupplier[] = [];
  try {
    for (const definition of SANDBOX_SUPPLIERS) {
      const start = STARTERS[definition.adapter];
      // 16 characters: OpenTravel's MessagePassword allows at most 16.
      const credentials = { apiKey: `local-${definition.supplierId}`, secret: randomBytes(12).toString('base64url') };
      const server = await start({ ...credentials, host: '127.0.0.1', port: 0, ...(options.latency ? { latency: options.latency } : {}) });
      started.push({
        supplierId: definition.supplierId,
        adapter: definition.adapter,
        endpoint: server.url,
        credentials,
        close: () => server.close(),
        bookingsUnder: (ref) => server.bookingsUnder(ref),
      });
    }
  } catch (error) {
    await Promise.all(started.map((s) => s.close()));
    throw error;
  }
  return started;
}
