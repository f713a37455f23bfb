/**
 * The OpenAPI document: valid OpenAPI 3.1, one operation per route of the route table with the route's
 * security and headers, problem types as the service defines them, examples that obey their own schemas,
 * and the planned car surface marked as planned.
 */
import { describe, expect, it } from 'vitest';
import type { OperationObject, ParameterObject, ReferenceObject } from 'openapi3-ts/oas31';
import { openApiDocument } from '../../functions/contract/document.js';
import { PROBLEM_KINDS, problemType } from '../../functions/shared/problem.js';
import { carriesBody, ROUTES } from '../../functions/shared/routes.js';
import { DocumentSchemas, openApiSchemaErrors, pointer } from '../support/openapi-contract.js';

const document = openApiDocument();
const operationOf = (path: string, method: string) =>
  (document.paths?.[path] as Record<string, OperationObject> | undefined)?.[method.toLowerCase()];
const parameterNames = (operation: OperationObject) =>
  (operation.parameters ?? []).map((p) =>
    '$ref' in p
      ? (document.components!.parameters![(p as ReferenceObject).$ref.split('/').pop()!] as ParameterObject).name
      : (p as ParameterObject).name,
  );

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(openApiSchemaErrors(document)).toEqual([]);
    // The check has teeth: a document without info, or with a parameter in the body (OpenAPI 2), fails.
    const { info: _info, ...withoutInfo } = document;
    expect(openApiSchemaErrors(withoutInfo).length).toBeGreaterThan(0);
    const search = document.paths!['/v1/hotels/search']!.post!;
    const swagger2 = {
      ...document,
      paths: { ...document.paths, '/v1/hotels/search': { post: { ...search, parameters: [{ name: 'body', in: 'body' }] } } },
    };
    expect(openApiSchemaErrors(swagger2).length).toBeGreaterThan(0);
  });

  it('has exactly one operation per route of the route table, with its id, scope and headers', () => {
    const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((k) => ['get', 'post', 'put', 'patch', 'delete'].includes(k))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.path}`).sort());
    for (const route of ROUTES) {
      const operation = operationOf(route.path, route.method)!;
      expect(operation.operationId, route.id).toBe(route.id);
      expect(operation.summary, route.id).toBe(route.summary);
      const names = parameterNames(operation);
      expect(names.includes('Idempotency-Key'), `${route.id} Idempotency-Key`).toBe(route.idempotencyKey);
      expect(names.includes('X-Service-Tenant'), `${route.id} X-Service-Tenant`).toBe(route.scope !== null);
      if (route.scope) {
        expect(operation.security, route.id).toEqual([{ oauth2: [route.scope] }]);
        expect(Object.keys(operation.responses ?? {}), route.id).toEqual(expect.arrayContaining(['400', '401', '403', '429']));
      } else if (route.id !== 'issueToken') {
        expect(operation.security, route.id).toEqual([]);
      }
      // Path parameters are documented for every brace in the path.
      for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) expect(names, `${route.id} ${name}`).toContain(name);
    }
  });

  it('lists 413 payload-too-large on every operation whose method carries a body, and on no other', () => {
    for (const route of ROUTES) {
      const responses = Object.keys(operationOf(route.path, route.method)!.responses ?? {});
      expect(responses.includes('413'), route.id).toBe(carriesBody(route));
    }
    expect(JSON.stringify(operationOf('/v1/hotels/bookings', 'POST')!.responses!['413'])).toContain('64 KB');
  });

  it('lists 404 on every operation that takes an id, and documents each id as opaque with its limits', () => {
    for (const route of ROUTES.filter((r) => r.path.includes('{'))) {
      const operation = operationOf(route.path, route.method)!;
      expect(Object.keys(operation.responses ?? {}), route.id).toContain('404');
      for (const parameter of (operation.parameters ?? []) as ParameterObject[]) {
        if (parameter.in !== 'path') continue;
        const schema = parameter.schema as { maxLength?: number; pattern?: string };
        expect(schema.maxLength, `${route.id} ${parameter.name}`).toBeGreaterThan(0);
        expect(schema.pattern, `${route.id} ${parameter.name}`).toBeDefined();
        expect(
          parameter.description ?? (parameter.schema as { description?: string }).description,
          `${route.id} ${parameter.name}`,
        ).toMatch(/unknown one is 404/);
      }
    }
  });

  it('offers OAuth 2.0 client credentials with every scope, and Basic client authentication on the token endpoint', () => {
    const oauth = document.components?.securitySchemes?.oauth2 as {
      type: string;
      flows: { clientCredentials: { tokenUrl: string; scopes: Record<string, string> } };
    };
    expect(oauth.type).toBe('oauth2');
    expect(Object.keys(oauth.flows.clientCredentials.scopes).sort()).toEqual(['cars.book', 'cars.search', 'hotels.book', 'hotels.search']);
    expect(oauth.flows.clientCredentials.tokenUrl).toMatch(/\/v1\/oauth\/token$/);
    const token = operationOf('/v1/oauth/token', 'POST')!;
    expect(Object.keys((token.requestBody as { content: object }).content)).toEqual(['application/x-www-form-urlencoded']);
    expect(token.security).toEqual([{ clientSecretBasic: [] }, {}]);
  });

  it('names every problem type of the service, and sandbox scenarios on the calls that reach a supplier', () => {
    const problem = document.components!.schemas!.Problem as { properties: { type: { enum: string[] } } };
    expect(problem.properties.type.enum.sort()).toEqual(
      Object.keys(PROBLEM_KINDS)
        .map((k) => problemType(k as keyof typeof PROBLEM_KINDS))
        .sort(),
    );
    expect(parameterNames(operationOf('/v1/hotels/search', 'POST')!)).toContain('X-Sandbox-Scenario');
    expect(parameterNames(operationOf('/v1/hotels/bookings/{bookingId}/cancel', 'POST')!)).toContain('X-Sandbox-Scenario');
    const modify = operationOf('/v1/hotels/bookings/{bookingId}', 'PATCH')!;
    expect((modify.responses!['422'] as { description: string }).description).toContain('modification-unsupported');
    expect((operationOf('/v1/hotels/search', 'POST')!.responses!['429'] as { headers: object }).headers).toHaveProperty('Retry-After');
  });

  it('carries the planned car contract, marked as planned, with its 501', () => {
    for (const [path, method] of [
      ['/v1/cars/search', 'GET'],
      ['/v1/cars/bookings', 'POST'],
    ] as const) {
      const operation = operationOf(path, method) as OperationObject & { 'x-planned'?: boolean };
      expect(operation['x-planned'], path).toBe(true);
      expect(operation.description, path).toMatch(/Planned, not implemented/);
      expect(operation.responses, path).toHaveProperty('501');
    }
    const offer = JSON.stringify(document.components!.schemas!.CarOffer);
    for (const field of [
      'pickUp',
      'dropOff',
      'category',
      'transmission',
      'seats',
      'insurance',
      'extras',
      'youngDriverSurcharge',
      'oneWay',
      'crossBorder',
    ])
      expect(offer).toContain(`"${field}"`);
    const query = parameterNames(operationOf('/v1/cars/search', 'GET')!);
    expect(query).toEqual(
      expect.arrayContaining([
        'pickUpLocation',
        'pickUpAt',
        'dropOffLocation',
        'dropOffAt',
        'driverAge',
        'vehicleCategory',
        'transmission',
        'crossBorderCountries',
      ]),
    );
  });

  it('gives examples that obey their own schemas', () => {
    const schemas = new DocumentSchemas(document);
    let checked = 0;
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item as Record<string, OperationObject>)) {
        const contents: [string, Record<string, { example?: unknown }>][] = [];
        const body = operation.requestBody as { content?: Record<string, { example?: unknown }> } | undefined;
        if (body?.content) contents.push([pointer('paths', path, method, 'requestBody', 'content'), body.content]);
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          const content = (response as { content?: Record<string, { example?: unknown }> }).content;
          if (content) contents.push([pointer('paths', path, method, 'responses', status, 'content'), content]);
        }
        for (const [at, content] of contents) {
          for (const [mediaType, media] of Object.entries(content)) {
            if (media.example === undefined) continue;
            const validate = schemas.at(`/${at}/${pointer(mediaType)}/schema`);
            expect(validate(media.example) ? [] : validate.errors, `${method} ${path} ${at} ${mediaType}`).toEqual([]);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(15);
    // Response schemas are strict: an undocumented field, or a missing one, fails the contract.
    const example = (
      operationOf('/v1/hotels/search', 'POST')!.responses!['200'] as {
        content: { 'application/json': { example: Record<string, unknown> } };
      }
    ).content['application/json'].example;
    expect(schemas.responseErrors('/v1/hotels/search', 'POST', 200, 'application/json', example)).toEqual([]);
    expect(schemas.responseErrors('/v1/hotels/search', 'POST', 200, 'application/json', { ...example, surprise: true })).not.toEqual([]);
    const { partial: _partial, ...withoutPartial } = example;
    expect(schemas.responseErrors('/v1/hotels/search', 'POST', 200, 'application/json', withoutPartial)).not.toEqual([]);
  });

  it('names the host it was fetched from when served', () => {
    const served = openApiDocument({ serverUrl: 'https://abc123.execute-api.eu-west-1.amazonaws.com/api' });
    expect(served.servers).toEqual([{ url: 'https://abc123.execute-api.eu-west-1.amazonaws.com/api', description: 'This API' }]);
    expect(
      (served.components!.securitySchemes!.oauth2 as { flows: { clientCredentials: { tokenUrl: string } } }).flows.clientCredentials
        .tokenUrl,
    ).toBe('https://abc123.execute-api.eu-west-1.amazonaws.com/api/v1/oauth/token');
  });
});
