/** Stored keys. Every one starts with the tenant, so no query can reach across tenants by accident. */
export const keys = {
  client: (tenant: string, clientId: string) => ({ pk: `${tenant}#client`, sk: clientId }),
  contract: (tenant: string, supplierId: string) => ({ pk: `${tenant}#contract`, sk: supplierId }),
  contracts: (tenant: string) => ({ pk: `${tenant}#contract` }),
  tokenWindow: (tenant: string, clientId: string, windowStart: number) => ({
    pk: `${tenant}#token-requests#${clientId}#${windowStart}`,
  }),
};
