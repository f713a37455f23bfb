/**
 * How long booking waits for a supplier, for every function that runs booking's steps or settles their
 * outcome (the booking function, the flow's, the pending reconciler). Stacks leave both to their defaults;
 * tests shorten them.
 */
import { configFragment } from '../../shared/config-schema.js';
import { integerVariable } from '../../shared/config-variables.js';
import { BOOKING_FLOW_BUDGET } from '../../shared/time-budgets.js';

/** The flow's budgets (functions/shared/time-budgets.ts): well inside the state machine's 27 s. */
const DEFAULT_BOOK_TIMEOUT_MS = BOOKING_FLOW_BUDGET.bookMs;
const DEFAULT_SUPPLIER_CALL_TIMEOUT_MS = BOOKING_FLOW_BUDGET.supplierCallMs;

export interface SupplierTimeouts {
  /** How long a supplier may take to confirm a booking before we stop waiting and ask it by our reference. */
  readonly bookTimeoutMs: number;
  /** Budget of the lookup by our reference, and of the cancel that undoes a booking. */
  readonly supplierCallTimeoutMs: number;
}

export const DEFAULT_SUPPLIER_TIMEOUTS: SupplierTimeouts = {
  bookTimeoutMs: DEFAULT_BOOK_TIMEOUT_MS,
  supplierCallTimeoutMs: DEFAULT_SUPPLIER_CALL_TIMEOUT_MS,
};

export const supplierTimeoutsConfig = configFragment(
  {
    SUPPLIER_BOOK_TIMEOUT_MS: integerVariable(1, 900_000, 'milliseconds').optional(),
    SUPPLIER_CALL_TIMEOUT_MS: integerVariable(1, 900_000, 'milliseconds').optional(),
  },
  (values): SupplierTimeouts => ({
    bookTimeoutMs: values.SUPPLIER_BOOK_TIMEOUT_MS ?? DEFAULT_BOOK_TIMEOUT_MS,
    supplierCallTimeoutMs: values.SUPPLIER_CALL_TIMEOUT_MS ?? DEFAULT_SUPPLIER_CALL_TIMEOUT_MS,
  }),
);
