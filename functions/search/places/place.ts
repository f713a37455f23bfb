/**
 * One place the type-ahead can answer with: a catalogue city or airport, or a mapped property. What it is
 * found by (its folded names) beside what it answers (its display name, country, position, and the
 * `destination` a search takes as is).
 */
import type { GeoPoint } from '../../domain/property/geo-point.js';

export type PlaceKind = 'city' | 'airport' | 'property';

export interface Place {
  readonly kind: PlaceKind;
  /** IATA code of a city or airport, propertyId of a property. */
  readonly id: string;
  readonly name: string;
  readonly countryCode?: string;
  readonly geo?: GeoPoint;
  /** The IATA city an airport serves or a property lies in. */
  readonly cityCode?: string;
  /** Folded: its own name first, then its other names written in Latin letters. */
  readonly names: readonly string[];
  /** Folded other names from other scripts; only a query in such a script is matched against them. */
  readonly scriptNames: readonly string[];
  /** Folded words of where it is (an airport's city, a property's city): found with its name, never alone. */
  readonly where: string;
  /**
   * How big it is, in people: a city's population; an airport a share of its city's by its size (a large
   * airport ranks among big cities, a small one among towns); a property a handful by its stars (after every
   * town among equal matches). Orders equally good matches.
   */
  readonly size: number;
  /** Whose property it is: a property is shown to an account contracted with one of them. */
  readonly supplierIds?: readonly string[];
}
