/**
 * Contract tests: real responses of the local server, over HTTP, validated against the response schemas
 * the OpenAPI document (as GET /openapi.json serves it) gives for that operation, status and media type.
 * A response whose status or content type the document does not list fails as well.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import type { LocalHost } from '../../local/host.js';
import { startTestHost, tokenFor } from '../support/local-host.js';
import { conformingBody, DocumentSchemas } from '../support/openapi-contract.js';

let host: LocalHost;
let token: string;
let schemas: DocumentSchemas;
let mappedPropertyId: string;
beforeAll(async () => {
  host = await startTestHost();
  token = await tokenFor(host, 'demo');
  mappedPropertyId = await mapOneProperty();
  schemas = new DocumentSchemas((await (await fetch(`${host.url}/openapi.json`)).json()) as OpenAPIObject);
}, 120_000);
afterAll(() => host?.stop());

/**
 * Property content is served from the property map, which the mapping job writes (about a minute over the
 * whole world). One real catalogue entry of a contracted sandbox supplier, unified and stored the way the
 * job stores it, is what this contract needs. Loaded after start: the host sets the table names.
 */
async function mapOneProperty(): Promise<string> {
  const [{ listContracts }, { adapterFor }, { unifyProperty }, { mintPropertyId }, { DynamoPropertyMapStore }] = await Promise.all([
    import('../../functions/suppliers/contracts.js'),
    import('../../functions/suppliers/adapter-registry.js'),
    import('../../functions/search/mapping/unify-property.js'),
    import('../../functions/search/mapping/property-id.js'),
    import('../../functions/stores/dynamo-property-map-store.js'),
  ]);
  const contract = (await listContracts('demo')).find((c) => c.supplierId === 'hotelbeds')!;
  const page = await (await adapterFor(contract)).staticContent({ pageSize: 5 });
  const content = page.properties.find((p) => p.roomTypes.length > 0 && p.images.length > 0) ?? page.properties[0]!;
  const property = unifyProperty(mintPropertyId(content), [content]);
  await new DynamoPropertyMapStore().putProperties([property]);
  return property.propertyId;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const searchBody = {
  destination: { type: 'city', code: 'LIS' },
  checkIn: inDays(30),
  checkOut: inDays(32),
  occupancies: [{ adults: 2 }],
  currency: 'EUR',
  nationality: 'GB',
  limit: 3,
};

async function call(path: string, init: RequestInit & { auth?: boolean } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.auth !== false) {
    headers.set('Authorization', `Bearer ${token}`);
    if (!headers.has('X-Service-Tenant')) headers.set('X-Service-Tenant', 'demo');
  }
  if (typeof init.body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return fetch(`${host.url}${path}`, { ...init, headers });
}

const conforms = (routeId: string, response: Response) => conformingBody(schemas, routeId, response);

describe('responses of the local server conform to /openapi.json', () => {
  it('token: the access token, and RFC 6749 errors', async () => {
    const client = host.clients.find((c) => c.tenant === 'demo')!;
    const form = (fields: Record<string, string>) => ({ method: 'POST', auth: false, body: new URLSearchParams(fields) });
    const ok = await call(
      '/v1/oauth/token',
      form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.secret }),
    );
    expect(ok.status).toBe(200);
    expect(await conforms('issueToken', ok)).toMatchObject({ token_type: 'Bearer', expires_in: 900 });

    const wrongSecret = await call(
      '/v1/oauth/token',
      form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: 'not-it' }),
    );
    expect(wrongSecret.status).toBe(401);
    expect(await conforms('issueToken', wrongSecret)).toMatchObject({ error: 'invalid_client' });

    const badScope = await call(
      '/v1/oauth/token',
      form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.secret, scope: 'hotels.fly' }),
    );
    expect(badScope.status).toBe(400);
    expect(await conforms('issueToken', badScope)).toMatchObject({ error: 'invalid_scope' });
  });

  it('search, its next page, all rates of a property, the property and a rate check', async () => {
    const searched = await call('/v1/hotels/search', { method: 'POST', body: JSON.stringify(searchBody) });
    expect(searched.status).toBe(200);
    const search = (await conforms('searchHotels', searched)) as {
      searchId: string;
      next?: string;
      properties: { propertyId: string; cheapestRate: { rateId: string } }[];
    };
    expect(search.properties.length).toBe(3);
    expect(search.next).toBeDefined();

    const page = await call(`/v1/hotels/searches/${search.searchId}?cursor=${encodeURIComponent(search.next!)}`);
    expect(page.status).toBe(200);
    await conforms('getSearchPage', page);

    const property = search.properties[0]!;
    const rates = await call(`/v1/hotels/searches/${search.searchId}/properties/${property.propertyId}/rates`);
    expect(rates.status).toBe(200);
    await conforms('listPropertyRates', rates);

    const content = await call(`/v1/hotels/properties/${mappedPropertyId}`);
    expect(content.status).toBe(200);
    expect(await conforms('getProperty', content)).toMatchObject({
      propertyId: mappedPropertyId,
      supplierRefs: [{ supplierId: 'hotelbeds' }],
    });

    const checked = await call(`/v1/hotels/rates/${encodeURIComponent(property.cheapestRate.rateId)}/check`, {
      method: 'POST',
      headers: { 'X-Sandbox-Scenario': 'reprice' },
    });
    expect(checked.status).toBe(200);
    expect(await conforms('checkRate', checked)).toMatchObject({ status: 'price_changed' });
  });

  it('problems: 400 with field errors, a missing tenant, 401 from the gateway, 403, 404', async () => {
    const invalid = await call('/v1/hotels/search', { method: 'POST', body: JSON.stringify({ ...searchBody, occupancies: [] }) });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('content-type')).toBe('application/problem+json');
    expect(await conforms('searchHotels', invalid)).toMatchObject({
      type: 'https://hotel-api.dev/problems/validation-error',
      errors: [{ path: 'occupancies' }],
    });

    const noTenant = await fetch(`${host.url}/v1/hotels/search`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(searchBody),
    });
    expect(noTenant.status).toBe(400);
    await conforms('searchHotels', noTenant);

    const anonymous = await call('/v1/hotels/search', { method: 'POST', auth: false, body: JSON.stringify(searchBody) });
    expect(anonymous.status).toBe(401);
    await conforms('searchHotels', anonymous);

    const otherTenant = await call('/v1/hotels/search', {
      method: 'POST',
      headers: { 'X-Service-Tenant': 'acme' },
      body: JSON.stringify(searchBody),
    });
    expect(otherTenant.status).toBe(403);
    await conforms('searchHotels', otherTenant);

    const unknownProperty = await call(`/v1/hotels/properties/prop_${'0'.repeat(20)}`);
    expect(unknownProperty.status).toBe(404);
    await conforms('getProperty', unknownProperty);

    const unknownSearch = await call(`/v1/hotels/searches/srch_${'0'.repeat(32)}`);
    expect(unknownSearch.status).toBe(404);
    await conforms('getSearchPage', unknownSearch);

    const unknownRate = await call('/v1/hotels/rates/not-a-rate/check', { method: 'POST' });
    expect(unknownRate.status).toBe(404);
    await conforms('checkRate', unknownRate);
  });

  it('the planned car routes: 400 on invalid input, 501 naming the contract', async () => {
    const query = new URLSearchParams({
      pickUpLocation: 'CDG',
      pickUpAt: '2027-03-01T10:00',
      dropOffAt: '2027-03-04T10:00',
      driverAge: '30',
      residenceCountry: 'GB',
      currency: 'EUR',
    });
    const planned = await call(`/v1/cars/search?${query}`);
    expect(planned.status).toBe(501);
    await conforms('searchCars', planned);

    const invalid = await call('/v1/cars/search?pickUpLocation=CDG');
    expect(invalid.status).toBe(400);
    await conforms('searchCars', invalid);

    const noKey = await call('/v1/cars/bookings', { method: 'POST', body: '{}' });
    expect(noKey.status).toBe(400);
    await conforms('createCarBooking', noKey);
  });
});
