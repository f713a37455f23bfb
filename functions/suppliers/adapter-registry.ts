/**
 * Contract → adapter. The only place that knows which class speaks which wire format: adding a supplier to
 * the product is an adapter plus a row here, adding one to an account is a contract. The adapter answers
 * under the contract's supplierId, from the account's point of sale (as-contracted.ts), whatever its wire
 * format calls itself. Adapters are kept per
 * contract for the life of the container, so their kept-alive connections and caches (Rapid's region
 * property ids) serve every later invocation.
 */
import { adapterCredentialsSchema } from './adapter-credentials.js';
import type { SupplierAdapterOptions } from './adapter-options.js';
import { contractCredentials, type AdapterKind, type SupplierContract } from './contracts.js';
import { ExpediaAdapter } from './expedia/adapter.js';
import { HotelbedsAdapter } from './hotelbeds/adapter.js';
import { OpenTravelAdapter } from './opentravel/adapter.js';
import type { SupplierPort } from './port.js';
import { asContracted } from './as-contracted.js';
import { guardedSupplier } from './guarded-supplier.js';

/** What a contract says; forwardScenarios is the contract's `sandbox` (real suppliers never get them). */
type AdapterSettings = Required<Pick<SupplierAdapterOptions, 'baseUrl' | 'apiKey' | 'secret' | 'forwardScenarios'>>;

const ADAPTERS: Readonly<Record<AdapterKind, (settings: AdapterSettings, contract: SupplierContract) => SupplierPort>> = {
  hotelbeds: (settings) => new HotelbedsAdapter(settings),
  // Rapid requires a customer e-mail and phone: the account's reservations desk stands in when a traveller gave none.
  expedia: (settings, contract) =>
    new ExpediaAdapter({
      ...settings,
      ...(contract.reservationsEmail ? { contactEmail: contract.reservationsEmail } : {}),
      ...(contract.reservationsPhone ? { contactPhone: contract.reservationsPhone } : {}),
    }),
  opentravel: (settings) => new OpenTravelAdapter(settings),
};

const adapters = new Map<string, SupplierPort>();

export async function adapterFor(contract: SupplierContract): Promise<SupplierPort> {
  const credentials = adapterCredentialsSchema.parse(await contractCredentials(contract));
  const settings: AdapterSettings = {
    baseUrl: contract.endpoint.replace(/\/+$/, ''),
    apiKey: credentials.apiKey,
    secret: credentials.secret,
    forwardScenarios: contract.sandbox,
  };
  const cacheKey = JSON.stringify([
    contract.tenant,
    contract.supplierId,
    contract.adapter,
    contract.pointOfSale,
    contract.reservationsEmail,
    contract.reservationsPhone,
    settings,
  ]);
  let adapter = adapters.get(cacheKey);
  if (!adapter) {
    // The boundary outermost: what it counts is under the contract's supplierId.
    adapter = guardedSupplier(asContracted(contract, ADAPTERS[contract.adapter](settings, contract)));
    adapters.set(cacheKey, adapter);
  }
  return adapter;
}
