/** The refusal of fields only the server can check (an id we do not know, a cursor, a wallet's currency). */
import { DomainError } from './domain-error.js';
import type { FieldError } from './field-error.js';

/** An `invalid` error naming every field in its message ("Invalid field: a", "Invalid fields: a, b"). */
export function invalidFields(errors: readonly FieldError[]): DomainError {
  const named = errors.map((e) => e.path).join(', ');
  return new DomainError('invalid', `Invalid field${errors.length > 1 ? 's' : ''}: ${named}`, { errors });
}
