import type { z } from 'zod';
import { invalidFields } from '../domain/errors/invalid-fields.js';
import { problemOf } from './domain-error-problems.js';
import type { FieldError, HttpProblem } from './problem.js';

/** Turns zod issues into the `errors` list of a validation problem, one entry per offending field. */
export function fieldErrors(error: z.ZodError, prefix = ''): FieldError[] {
  return error.issues.map((issue) => ({
    path: formatPath(prefix, issue.path),
    message: issue.message,
  }));
}

function formatPath(prefix: string, path: readonly PropertyKey[]): string {
  let out = prefix;
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' || out.endsWith('.') ? String(segment) : `.${String(segment)}`;
  }
  return out === '' ? '(root)' : out;
}

/** Parses with a zod schema or throws a 400 naming every offending field. */
export function parseOrProblem<T>(schema: z.ZodType<T>, value: unknown, prefix = ''): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw fieldProblem(fieldErrors(result.error, prefix));
}

/** The 400 naming every offending field the edge refuses (a schema, a header); worded as the domain's `invalid`. */
export function fieldProblem(errors: readonly FieldError[]): HttpProblem {
  return problemOf(invalidFields(errors));
}
