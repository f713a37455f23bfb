/**
 * The sandbox suppliers, listed once: the local host starts each on loopback, sandbox stacks deploy each
 * behind a Lambda function URL, and both write the tenant contracts that point at them.
 */
import type { AdapterKind } from '../functions/suppliers/contracts.js';

export interface SandboxSupplierDefinition {
  /** The supplier id in contracts and search responses; equals the adapter kind for the sandboxes. */
  readonly supplierId: string;
  readonly adapter: AdapterKind;
  /** Lambda entry serving it behind a function URL, relative to the repository root. */
  readonly lambdaEntry: string;
}

export const SANDBOX_SUPPLIERS: readonly SandboxSupplierDefinition[] = [
  { supplierId: 'hotelbeds', adapter: 'hotelbeds', lambdaEntry: 'sandbox/hotelbeds/lambda.ts' },
  { supplierId: 'expedia', adapter: 'expedia', lambdaEntry: 'sandbox/expedia/lambda.ts' },
  { supplierId: 'opentravel', adapter: 'opentravel', lambdaEntry: 'sandbox/opentravel/lambda.ts' },
];

/** Which sandbox suppliers each seeded tenant is contracted with (API-SPEC: demo all, acme two). */
export const SEEDED_TENANT_SUPPLIERS: Readonly<Record<string, readonly string[]>> = {
  demo: ['hotelbeds', 'expedia', 'opentravel'],
  acme: ['hotelbeds', 'expedia'],
};
