/**
 * What the matcher compares, computed once per supplier property: normalised name tokens, street key and
 * house number, phone digits, e-mail. Pair scoring then runs over plain values.
 */
import { refKey } from '../../domain/property/supplier-ref.js';
import type { GeoPoint, SupplierPropertyContent } from '../../suppliers/port.js';
import { normaliseAddress, type NormalisedAddress } from './address-normalisation.js';
import { normaliseName } from './name-normalisation.js';

/** The part of a property the matcher reads; a supplier's static content or a search offer both fit. */
export type MatchInput = Pick<SupplierPropertyContent, 'supplierId' | 'supplierPropertyId' | 'name'>
  & Partial<Pick<SupplierPropertyContent, 'stars' | 'geo' | 'address' | 'cityCode' | 'phone' | 'email'>>;

export interface MatchProfile {
  readonly ref: string;
  readonly supplierId: string;
  readonly supplierPropertyId: string;
  readonly nameTokens: readonly string[];
  readonly nonLatinScript: boolean;
  readonly address: NormalisedAddress;
  readonly geo?: GeoPoint;
  readonly stars?: number;
  readonly cityCode?: string;
  /** Digits only, so "+44 20 7946 0000" and "+442079460000" agree. */
  readonly phone?: string;
  readonly email?: string;
}

export function matchProfile(input: MatchInput): MatchProfile {
  const name = normaliseName(input.name, input.address?.city);
  const phone = input.phone?.replace(/\D/g, '');
  const email = input.email?.trim().toLowerCase();
  return {
    ref: refKey(input),
    supplierId: input.supplierId,
    supplierPropertyId: input.supplierPropertyId,
    nameTokens: name.tokens,
    nonLatinScript: name.nonLatinScript,
    address: normaliseAddress(input.address),
    ...(input.geo ? { geo: input.geo } : {}),
    ...(input.stars !== undefined ? { stars: input.stars } : {}),
    ...(input.cityCode ? { cityCode: input.cityCode } : {}),
    ...(phone && phone.length >= 7 ? { phone } : {}),
    ...(email ? { email } : {}),
  };
}
