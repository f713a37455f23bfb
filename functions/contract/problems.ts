/**
 * RFC 9457 problem details as the document describes them: one schema whose `type` is one of the stable
 * URIs of PROBLEM_KINDS, and per operation the statuses it can answer, each listing the problem types a
 * partner may branch on.
 */
import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import * as z from 'zod';
import { LIMITS } from '../shared/limits.js';
import { PROBLEM_CONTENT_TYPE, PROBLEM_KINDS, problemType, type ProblemKind } from '../shared/problem.js';

const KINDS = Object.keys(PROBLEM_KINDS) as ProblemKind[];

export const fieldErrorSchema = z
  .strictObject({
    path: z.string().meta({
      description: 'The offending field: body fields by name (`occupancies[0].adults`), others prefixed `path.`, `query.` or `headers.`',
      examples: ['checkOut'],
    }),
    message: z.string().meta({ examples: ['must be after checkIn'] }),
  })
  .meta({ id: 'FieldError' });

export const problemSchema = z
  .looseObject({
    type: z
      .enum(KINDS.map(problemType) as [string, ...string[]])
      .meta({ description: 'Stable URI of the kind of problem; branch on this, not on `title` or `detail`' }),
    title: z.string(),
    status: z.number().int().min(400).max(599).optional().meta({
      description:
        'The HTTP status. Absent only where API Gateway answers for a function that failed (502) or could not be invoked (500): its fallback answer is one body for every such status',
    }),
    detail: z.string().meta({ description: 'What went wrong with this request, for a human' }),
    instance: z.string().optional().meta({ description: 'The request id (also in X-Request-Id); quote it to support' }),
    errors: z.array(fieldErrorSchema).optional().meta({ description: 'On validation problems: one entry per offending field' }),
  })
  .meta({
    id: 'Problem',
    description:
      'RFC 9457 problem details (`application/problem+json`), the body of every non-2xx answer outside the token endpoint. ' +
      'Extension members may accompany some kinds (for example `requiredScope`, `bookingId`, `capability`, `contract`, and on `fx-unavailable` the `pair` `{from, to}` that has no usable rate).',
    examples: [
      {
        type: problemType('validation-error'),
        title: PROBLEM_KINDS['validation-error'].title,
        status: 400,
        detail: 'Invalid field: checkOut',
        instance: '6f1c2a7e-3f0b-4d55-9a59-0c7f5d1b2e11',
        errors: [{ path: 'checkOut', message: 'must be after checkIn' }],
      },
    ],
  });

/** Which problem kinds each status stands for, for the response descriptions. */
function kindsWithStatus(status: number): ProblemKind[] {
  return KINDS.filter((kind) => PROBLEM_KINDS[kind].status === status);
}

const STATUS_MEANING: Record<number, string> = {
  400: 'Invalid input: a field, an id no id of ours can be (longer than its documented limit, or with characters ids never have; the problem says which), a missing X-Service-Tenant or Idempotency-Key header, or an unreadable body',
  401: 'No valid bearer token (the answer carries `WWW-Authenticate: Bearer`)',
  402: 'The agent wallet named in `payment.walletId` cannot cover the booking: checked before any supplier call, and held before the supplier books. Nothing was booked; `required` and `currency` say what it costs',
  403: 'The token is not for this tenant, or lacks the scope the operation needs; or the firewall refused the request (`forbidden`)',
  404: "Unknown resource, or another tenant's: ids are opaque, so any well-formed id we did not issue to this tenant is `not-found`, with the same body either way (never 403, so ids cannot be probed)",
  406: 'None of the representations in Accept can be produced',
  409: 'A request with the same Idempotency-Key is still in flight (retry after Retry-After), or the resource is in a state that forbids the change',
  410: 'The rate or the search has expired; search again',
  413: `The request body is larger than ${LIMITS.maxRequestBodyBytes / 1024} KB (${LIMITS.maxRequestBodyBytes} bytes), the most this API takes: refused by the firewall before authentication, with the \`payload-too-large\` problem as \`application/json\``,
  415: 'The body is not in the content type this operation reads',
  422: 'The Idempotency-Key was used before with a different body, or the supplier has no way to make this change',
  429: 'Rate limit of the stage, of the client or of token requests exceeded; retry after the seconds in Retry-After',
  500: 'Internal error; quote `instance` to support',
  501: 'Planned surface: authenticated and validated, not available yet',
  502: 'The supplier refused, failed or did not answer a booking call before anything was booked or changed (the problem type says which), or confirmed a booking that could not be kept and was undone',
  503: "Our data store (or the credential check in front of it) could not be reached for a moment; or we are too busy to take the request in time (`overloaded`: nothing was sent to a supplier); or, on a search, the rates of a searched property, a rate check or a booking, no exchange rate may be used for a currency pair the quote needs (its figure is older than the maximum age: `fx-unavailable`, naming the `pair`; quotes in the supplier's own currency still answer). Nothing is half-done: retry after the seconds in Retry-After, with the same Idempotency-Key where the operation takes one",
  504: "The API did not answer within API Gateway's 29 s (`gateway-timeout`): the operation may have completed; retry with the same Idempotency-Key to learn its outcome",
};

const retryAfter = { 'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' as const, minimum: 0 } } };
const requestIdHeader = { 'X-Request-Id': { description: 'The request id, on every response', schema: { type: 'string' as const } } };

export function problemResponse(status: number, extra?: string): ResponseConfig {
  const types = kindsWithStatus(status)
    .map((kind) => `\`${kind}\``)
    .join(', ');
  const meaning = STATUS_MEANING[status] ?? 'Problem';
  return {
    description: `${meaning}${extra ? `. ${extra}` : ''}${types ? ` (problem types: ${types})` : ''}`,
    headers: status === 429 || status === 409 || status === 503 ? { ...requestIdHeader, ...retryAfter } : requestIdHeader,
    content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema } },
  };
}

export { requestIdHeader };
