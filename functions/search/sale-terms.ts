/**
 * What an account may sell (API-SPEC "Supplier obligations"), from its contracts: a supplier's package-only
 * rates (Hotelbeds `packaging`, Rapid `sale_scenario.package`) only where the contract says the account sells
 * packages. (Where it sells, its point of sale, reaches suppliers with every call: as-contracted.ts.)
 */
import type { SupplierContract } from '../suppliers/contracts.js';
import type { SupplierOffer } from '../suppliers/port.js';

/** Whether the account's contract with a supplier sells its package-only rates. */
export function packageSellers(contracts: readonly SupplierContract[]): (supplierId: string) => boolean {
  const sellers = new Set(contracts.filter((c) => c.sellsPackages).map((c) => c.supplierId));
  return (supplierId) => sellers.has(supplierId);
}

/** The offer with only the rates the account may sell: unchanged (not copied) when it has no package-only rate. */
export function sellableOffer(offer: SupplierOffer, sellsPackages: boolean): SupplierOffer {
  if (sellsPackages || !offer.rates.some((rate) => rate.packageOnly === true)) return offer;
  return { ...offer, rates: offer.rates.filter((rate) => rate.packageOnly !== true) };
}
