/**
 * Stored keys. Every one starts with the tenant, so no query can reach across tenants by accident. The one
 * exception is platform content shared by every tenant, the supplier property map
 * (functions/stores/property-map-keys.ts), whose keys start with the reserved owner `platform`,
 * which no tenant may be called.
 */
export const PLATFORM_OWNER = 'platform';
export const keys = {
  client: (tenant: string, clientId: string) => ({ pk: `${tenant}#client`, sk: clientId }),
  contract: (tenant: string, supplierId: string) => ({ pk: `${tenant}#contract`, sk: supplierId }),
  contracts: (tenant: string) => ({ pk: `${tenant}#contract` }),
  /** The account's point of sale, beside its contracts so one query reads both ('#' starts no supplier id). */
  salesSettings: (tenant: string) => ({ pk: `${tenant}#contract`, sk: '#sales-settings' }),
  account: (tenant: string) => ({ pk: `${tenant}#account`, sk: 'account' }),
  pricingRules: (tenant: string) => ({ pk: `${tenant}#pricing`, sk: 'rules' }),
  audit: (tenant: string, at: string, id: string) => ({ pk: `${tenant}#audit`, sk: `${at}#${id}` }),
  auditTrail: (tenant: string) => ({ pk: `${tenant}#audit` }),
  booking: (tenant: string, bookingId: string) => ({ pk: `${tenant}#booking#${bookingId}`, sk: 'booking' }),
  /** A booking's personal data, in the guests table (functions/booking/personal-data/guest-details-store.ts). */
  guestDetails: (tenant: string, bookingId: string) => ({ pk: `${tenant}#booking#${bookingId}`, sk: 'guests' }),
  /** The listing index attributes of a booking item (tables.ts BOOKING_LIST_ATTRIBUTES). */
  bookingList: (booking: { tenant: string; bookingId: string; clientReference: string; createdAt: string; checkIn: string }) => ({
    tenantBookings: keys.tenantBookings(booking.tenant),
    tenantClientReference: keys.tenantClientReference(booking.tenant, booking.clientReference),
    createdSort: `${booking.createdAt}#${booking.bookingId}`,
    checkInSort: `${booking.checkIn}#${booking.createdAt}#${booking.bookingId}`,
  }),
  tenantBookings: (tenant: string) => `${tenant}#booking`,
  tenantClientReference: (tenant: string, clientReference: string) => `${tenant}#clientReference#${clientReference}`,
  wallet: (tenant: string, walletId: string) => ({ pk: `${tenant}#wallet#${walletId}`, sk: 'wallet' }),
  walletHold: (tenant: string, walletId: string, bookingId: string) => ({ pk: `${tenant}#wallet#${walletId}`, sk: `hold#${bookingId}` }),
  walletMovement: (tenant: string, walletId: string, at: string, movementId: string) => ({
    pk: `${tenant}#wallet#${walletId}`,
    sk: `movement#${at}#${movementId}`,
  }),
  webhookEndpoint: (tenant: string, endpointId: string) => ({ pk: `${tenant}#webhook`, sk: `endpoint#${endpointId}` }),
  webhookEndpoints: (tenant: string) => ({ pk: `${tenant}#webhook` }),
  /** A booking's events, in the order they happened (the stream keeps one partition's changes in order). */
  webhookOutbox: (tenant: string, subject: string, at: string, eventId: string) => ({
    pk: `${tenant}#events#${subject}`,
    sk: `event#${at}#${eventId}`,
  }),
  /** Deliveries sort by id, which starts with the event's time. */
  webhookDelivery: (tenant: string, endpointId: string, deliveryId: string) => ({
    pk: `${tenant}#webhook#${endpointId}`,
    sk: `delivery#${deliveryId}`,
  }),
  webhookDeliveries: (tenant: string, endpointId: string) => ({ pk: `${tenant}#webhook#${endpointId}` }),
  /** The lane of an endpoint's deliveries about one subject (a booking): delivered in order. */
  webhookLane: (tenant: string, endpointId: string, subject: string) => `${tenant}#lane#${endpointId}#${subject}`,
  /** Wrong token secrets from one address for one client (functions/auth/token-failure-limit.ts). */
  tokenFailuresByClientAddress: (tenant: string, clientId: string, sourceIp: string) => ({
    pk: `${tenant}#token-failures#${clientId}#address#${sourceIp}`,
  }),
  /** Wrong token secrets for one client in a window, from every address. */
  tokenFailuresByClient: (tenant: string, clientId: string, windowStart: number) => ({
    pk: `${tenant}#token-failures#${clientId}#window#${windowStart}`,
  }),
  /**
   * Wrong token secrets from one address whatever client it named. An address belongs to no tenant (it may
   * name client ids that do not exist), so this key is the platform's, like the property map's.
   */
  tokenFailuresByAddress: (sourceIp: string) => ({ pk: `${PLATFORM_OWNER}#token-failures#address#${sourceIp}` }),
  /** The public signing key ring (clients table) and the private key that signs (signingKeys table): the deployment's. */
  signingKeyRing: () => ({ pk: `${PLATFORM_OWNER}#signing-keys`, sk: 'ring' }),
  privateSigningKey: () => ({ pk: `${PLATFORM_OWNER}#signing-key#private` }),
  /** The deployment's FX figures (fxRates table): one item per day the feed stored, newest last. */
  fxFeedDay: (date: string) => ({ pk: `${PLATFORM_OWNER}#fx#feed`, sk: date }),
  fxFeedDays: () => ({ pk: `${PLATFORM_OWNER}#fx#feed` }),
  /** An operator's rate, one item per currency (its history is the audit trail's). */
  fxOperatorRate: (currency: string) => ({ pk: `${PLATFORM_OWNER}#fx#operator`, sk: currency }),
  fxOperatorRates: () => ({ pk: `${PLATFORM_OWNER}#fx#operator` }),
  tokenWindow: (tenant: string, clientId: string, windowStart: number) => ({
    pk: `${tenant}#token-requests#${clientId}#${windowStart}`,
  }),
};
