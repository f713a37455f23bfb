/** A valid query of the planned car search (GET /v1/cars/search), for tests that need the 501 it answers. */
export const CAR_SEARCH_QUERY: Readonly<Record<string, string>> = {
  pickUpLocation: 'CDG',
  pickUpAt: '2027-03-01T10:00',
  dropOffLocation: 'LYS',
  dropOffAt: '2027-03-04T10:00',
  driverAge: '23',
  residenceCountry: 'GB',
  currency: 'EUR',
  crossBorderCountries: 'CH,IT',
};

export const carSearchPath = (overrides: Record<string, string> = {}) =>
  `/v1/cars/search?${new URLSearchParams({ ...CAR_SEARCH_QUERY, ...overrides })}`;
