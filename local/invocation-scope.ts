/**
 * One invocation's scope, as Lambda's Node.js runtime opens it around every invoke. On Lambda Managed
 * Instances (the runtime sets AWS_LAMBDA_MAX_CONCURRENCY) many invocations share one loaded module at once,
 * and each runs inside its own InvokeStore context (AsyncLocalStorage, `globalThis.awslambda.InvokeStore`):
 * Powertools keeps a request's log keys, metrics, dimensions and trace segment there. With the variable set,
 * the local host opens one around every handler it calls, so `AWS_LAMBDA_MAX_CONCURRENCY=64 npm start` and
 * the tests run the handlers the way that runtime does. Without it nothing changes: Powertools never reads
 * a store, and none is installed.
 *
 * Code that runs outside any invocation (module initialisation, which Powertools' constructors already touch
 * the store in) sees one process-wide context, as a runtime's init phase would. This module must load before
 * any handler module: it is the local host's first import.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { InvokeStoreBase } from '@aws/lambda-invoke-store';

type InvocationContext = Record<string | symbol, unknown>;

class LocalInvokeStore extends InvokeStoreBase {
  private readonly als = new AsyncLocalStorage<InvocationContext>();
  /** Outside any invocation: initialisation. */
  private readonly outside: InvocationContext = {};

  getContext(): InvocationContext {
    return this.als.getStore() ?? this.outside;
  }
  hasContext(): boolean {
    return true;
  }
  get<T = unknown>(key: string | symbol): T | undefined {
    return this.getContext()[key] as T | undefined;
  }
  set<T = unknown>(key: string | symbol, value: T): void {
    if (this.isProtectedKey(key)) throw new Error(`Cannot modify protected Lambda context field: ${String(key)}`);
    this.getContext()[key] = value;
  }
  run<T>(context: InvocationContext, fn: () => T): T {
    return this.als.run(context, fn);
  }
}

const global = globalThis as { awslambda?: { InvokeStore?: InvokeStoreBase } };
const store = 'AWS_LAMBDA_MAX_CONCURRENCY' in process.env ? new LocalInvokeStore() : undefined;
if (store) (global.awslambda ??= {}).InvokeStore = store;

/** Runs `work` (and, called again, the invocation's deferred work) inside one invocation's context. */
export function invocationScope(requestId: string): <T>(work: () => Promise<T>) => Promise<T> {
  if (!store) return (work) => work();
  // One context object per invocation: the answer and the work after it share what Powertools stored.
  const context: InvocationContext = { [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: requestId };
  return (work) => store.run(context, work);
}

/** An invocation of its own for a background job the host runs (the webhook sweep, the reconciler). */
export function inInvocation<T>(requestId: string, work: () => Promise<T>): Promise<T> {
  return invocationScope(requestId)(work);
}
