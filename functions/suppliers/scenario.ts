/**
 * Sandbox scenarios (API-SPEC "Sandbox"): the caller's `X-Sandbox-Scenario` header, comma-separated,
 * is passed from the API through the adapters to the sandbox suppliers, which act on it. Real
 * suppliers never see it (production adapters drop it).
 */
export const SANDBOX_SCENARIO_HEADER = 'X-Sandbox-Scenario';

export type ScenarioName = 'slow' | 'error' | 'reprice' | 'book-fail' | 'book-timeout' | 'no-modify' | 'late-cancel';

export interface Scenario {
  readonly name: ScenarioName;
  /** For `slow:<supplierId>` and `error:<supplierId>`; undefined means every supplier. */
  readonly supplierId?: string;
}

const NAMES: ReadonlySet<string> = new Set<ScenarioName>(['slow', 'error', 'reprice', 'book-fail', 'book-timeout', 'no-modify', 'late-cancel']);

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

/** Whether a scenario is active for a supplier (entries without a supplier id apply to all). */
export function hasScenario(scenarios: readonly Scenario[], name: ScenarioName, supplierId: string): boolean {
  return scenarios.some((s) => s.name === name && (s.supplierId === undefined || s.supplierId === supplierId));
}
