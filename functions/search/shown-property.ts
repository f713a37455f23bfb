/** A property as a search ranks and shows it: its unified head and the one rate it is shown with. */
import type { GeoPoint } from '../domain/property/geo-point.js';
import type { SupplierRef } from '../domain/property/supplier-ref.js';
import type { DescribableRate } from '../domain/rate/priced-rate.js';
import { showRate, type StayContext } from '../domain/rate/shown-rate.js';
import type { SearchedProperty } from './search-result.js';

/** A property as a search ranks it: its unified head and the one rate it is shown with. */
export interface ShownProperty {
  readonly propertyId: string;
  readonly name: string;
  readonly starRating?: number | undefined;
  readonly geo?: GeoPoint | undefined;
  readonly supplierRefs: readonly SupplierRef[];
  readonly rate: DescribableRate;
}

/** A ranked property as a page of search results shows it. */
export function showProperty(property: ShownProperty, stay: StayContext): SearchedProperty {
  return {
    propertyId: property.propertyId,
    name: property.name,
    ...(property.starRating !== undefined ? { starRating: property.starRating } : {}),
    ...(property.geo ? { geo: property.geo } : {}),
    supplierRefs: property.supplierRefs,
    cheapestRate: showRate(property.rate, property, stay),
  };
}
