/**
 * Sandbox scenarios (API-SPEC "Sandbox"): the caller's `X-Sandbox-Scenario` header, comma-separated,
 * is passed from the API through the adapters to the sandbox suppliers, which act on it. Real
 * suppliers never see it (production adapters drop it).
 */
import type { Stage } from '../shared/config-variables.js';

export const SANDBOX_SCENARIO_HEADER = 'X-Sandbox-Scenario';

export type ScenarioName =
  | 'slow'
  | 'error'
  | 'reprice'
  | 'book-fail'
  | 'book-timeout'
  | 'no-modify'
  | 'late-cancel'
  | 'change-unavailable'
  | 'change-timeout'
  | SpecShapeScenario;

/**
 * Scenarios that make a sandbox supplier send, on every rate, one family of shapes its published spec allows
 * and a seeded share of its rates carry anyway (API-SPEC "Supplier obligations"); each supplier in its own
 * wire terms, where its spec has the shape:
 * - `fees-at-property`: charges the property collects, in the hotel's currency (resort and mandatory fees,
 *   city taxes, taxes not included);
 * - `remarks`: rate comments and instructions for the traveller (a market restriction among them);
 * - `selling-floor`: a minimum selling price above net plus the demo account's markup;
 * - `package-rates`: rates sold only in a package;
 * - `spec-penalties`: the penalty forms beyond a plain amount (percent, nights, deadlines as an offset from
 *   arrival, non-refundable date ranges, Rapid's negative refunds);
 * - `obligations`: all of the above at once but `package-rates`, which would hide every rate from an account that
 *   sells no packages (ask for it with `obligations,package-rates`).
 */
export const SPEC_SHAPE_SCENARIOS = [
  'fees-at-property',
  'remarks',
  'selling-floor',
  'package-rates',
  'spec-penalties',
  'obligations',
] as const;
export type SpecShapeScenario = (typeof SPEC_SHAPE_SCENARIOS)[number];

export interface Scenario {
  readonly name: ScenarioName;
  /** For `slow:<supplierId>` and `error:<supplierId>`; undefined means every supplier. */
  readonly supplierId?: string;
}

const NAMES: ReadonlySet<string> = new Set<ScenarioName>([
  'slow',
  'error',
  'reprice',
  'book-fail',
  'book-timeout',
  'no-modify',
  'late-cancel',
  // Stay changes: the supplier has no room for the new stay; it makes the change but answers too late.
  'change-unavailable',
  'change-timeout',
  ...SPEC_SHAPE_SCENARIOS,
]);

/**
 * The scenarios a partner's call asks of the suppliers: those its header names on a sandbox stack, where
 * they drive the sandbox suppliers; none on a production stack, which never passes them on.
 */
export function requestedScenarios(stage: Stage, headers: Readonly<Record<string, string | undefined>>): Scenario[] {
  return stage === 'sandbox' ? parseScenarios(headers[SANDBOX_SCENARIO_HEADER.toLowerCase()]) : [];
}

/** Parses the header; unknown entries are ignored (a sandbox must not fail on a typo in a test header). */
export function parseScenarios(header: string | undefined | null): Scenario[] {
  if (!header) return [];
  const out: Scenario[] = [];
  for (const raw of header.split(',')) {
    const [name = '', supplierId] = raw.trim().split(':');
    if (!NAMES.has(name)) continue;
    out.push(supplierId ? { name: name as ScenarioName, supplierId } : { name: name as ScenarioName });
  }
  return out;
}

export function formatScenarios(scenarios: readonly Scenario[]): string {
  return scenarios.map((s) => (s.supplierId ? `${s.name}:${s.supplierId}` : s.name)).join(',');
}

/** Whether a spec-shape family is forced: by its own scenario or by `obligations` (package-only rates by their own only). */
export function forcesShape(scenarios: readonly Scenario[], shape: Exclude<SpecShapeScenario, 'obligations'>, supplierId: string): boolean {
  return hasScenario(scenarios, shape, supplierId) || (shape !== 'package-rates' && hasScenario(scenarios, 'obligations', supplierId));
}

/** Whether a scenario is active for a supplier (entries without a supplier id apply to all). */
export function hasScenario(scenarios: readonly Scenario[], name: ScenarioName, supplierId: string): boolean {
  return scenarios.some((s) => s.name === name && (s.supplierId === undefined || s.supplierId === supplierId));
}
