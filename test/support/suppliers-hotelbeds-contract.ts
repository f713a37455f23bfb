import { specPath } from './spec-paths.js';
import type { FetchLike } from '../../functions/suppliers/http-client.js';
import { OpenApiContract, type Exchange, type SpecPatch } from './suppliers-openapi.js';

/** The Hotelbeds booking spec from specs/, with its documented defects corrected. */
export const HOTELBEDS_SPEC = specPath('hotelbeds/openapi-spec.yaml');

const PATCHES: readonly SpecPatch[] = [
  {
    schema: 'bookingRQ',
    why: 'lists `room` as required while the property is `rooms`; every example and the live API use `rooms`',
    apply: (schema) => {
      schema.required = ['clientReference', 'holder', 'rooms'];
    },
  },
  {
    schema: 'checkRateRQ',
    why: 'same defect: required `room`, property and examples `rooms`',
    apply: (schema) => {
      schema.required = ['rooms'];
    },
  },
];

export function hotelbedsContract(): OpenApiContract {
  return new OpenApiContract(HOTELBEDS_SPEC, '/hotel-api/1.0', PATCHES);
}

/** A fetch that records every exchange, so a test can validate all of them against the contract. */
export function recordingFetch(): { fetch: FetchLike; exchanges: Exchange[] } {
  const exchanges: Exchange[] = [];
  const recording: FetchLike = async (input, init) => {
    const response = await fetch(input, init);
    const text = await response.text();
    exchanges.push({
      method: String(init.method ?? 'GET'),
      url: input,
      requestHeaders: { ...(init.headers as Record<string, string>) },
      ...(typeof init.body === 'string' ? { requestBody: init.body } : {}),
      status: response.status,
      responseBody: text,
    });
    return new Response(text, { status: response.status, headers: response.headers });
  };
  return { fetch: recording, exchanges };
}
