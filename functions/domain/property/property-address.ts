/** A property's postal address as suppliers give it (countryCode: ISO 3166-1 alpha-2). */
export interface PropertyAddress {
  readonly line: string;
  readonly postalCode?: string;
  readonly city: string;
  readonly countryCode: string;
}
