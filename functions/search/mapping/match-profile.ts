/**
 * What the matcher compares, computed once per supplier property: normalised name tokens, street and
 * house number, the phone in E.164, e-mail. Pair scoring then runs over plain values.
 */
import { cityByCode } from '../../domain/destinations/index.js';
import { refKey } from '../../domain/property/supplier-ref.js';
import type { GeoPoint, SupplierPropertyContent } from '../../suppliers/port.js';
import { normaliseAddress, type NormalisedAddress } from './address-normalisation.js';
import { normaliseName } from './name-normalisation.js';
import { normalisePhone, type NormalisedPhone } from './phone-normalisation.js';

/** The part of a property the matcher reads; a supplier's static content or a search offer both fit. */
export type MatchInput = Pick<SupplierPropertyContent, 'supplierId' | 'supplierPropertyId' | 'name'> &
  Partial<Pick<SupplierPropertyContent, 'stars' | 'geo' | 'address' | 'cityCode' | 'phone' | 'email'>>;

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
  /** E.164 in the property's country, so "+44 (0)20 7946 0000" and "020 7946 0000" agree. */
  readonly phone?: NormalisedPhone;
  readonly email?: string;
}

export function matchProfile(input: MatchInput): MatchProfile {
  // The city as the address writes it and as the catalogue names it ("Roma", "Rome").
  const name = normaliseName(input.name, [input.address?.city, input.cityCode ? cityByCode(input.cityCode)?.name : undefined]);
  const phone = normalisePhone(input.phone, input.address?.countryCode);
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
    ...(phone ? { phone } : {}),
    ...(email ? { email } : {}),
  };
}
