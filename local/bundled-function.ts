/**
 * One deployed function run from its bundle, in a process of its own (local/lambda-runner.mjs): started at
 * its first invocation, as Lambda starts a container at a cold start, with the function's package
 * directory as its cwd and LAMBDA_TASK_ROOT, and the environment the synthesized template gives it.
 *
 * Unlike one Lambda container, a process takes invocations concurrently (the in-process host does too, and
 * tests rely on two requests being in flight at once). A process that dies fails what it was running (the
 * gateway's 502) and the next invocation starts a fresh one, as Lambda replaces a crashed container.
 *
 * What Lambda enforces, from the template: the function's timeout (past it the invocation fails with
 * Sandbox.Timedout, and its process takes no more invocations, as Lambda resets an environment after a
 * timeout), its memory (the process's heap is capped at the function's MemorySize), and a synchronous
 * invoke's 6 MB event and result (lambda-limits.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { repositoryPath } from '../lib/project-paths.js';
import type { RecordedAwsCall } from './aws-call-log.js';
import { checkSyncEvent, checkSyncResult, timedOut } from './lambda-limits.js';

export interface BundledFunctionDefinition {
  /** The construct's id (Search, BookingFlow, ...): what logs and errors name. */
  readonly name: string;
  /** The function's package directory in cdk.out (asset.<hash>): Lambda's /var/task. */
  readonly taskRoot: string;
  /** `index.handler`, as the template's Handler gives it. */
  readonly handler: string;
  readonly memoryMb: number;
  /** The template's Timeout: the invocation's deadline. */
  readonly timeoutMs: number;
  readonly environment: Readonly<Record<string, string>>;
}

export interface Invocation {
  /** The handler's result: for a streaming handler, as soon as its response stream ended. */
  readonly answer: Promise<unknown>;
  /** When the handler returned: what it deferred until after its answer has run (Lambda's end of the invocation). */
  readonly done: Promise<void>;
}

interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(error: Error): void;
}

interface Pending {
  answer: Deferred<unknown>;
  done: Deferred<void>;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type RunnerMessage =
  | { kind: 'ready'; initMs: number }
  | { kind: 'init-error'; error: LambdaError }
  | { kind: 'answer'; id: string; result: unknown; streamed?: boolean }
  | { kind: 'done'; id: string }
  | { kind: 'error'; id: string; error: LambdaError }
  | { kind: 'aws-call'; call: RecordedAwsCall };

interface LambdaError {
  errorType: string;
  errorMessage: string;
  stack?: string;
}

const RUNNER = repositoryPath('local/lambda-runner.mjs');

export class BundledFunction {
  private process: ChildProcess | undefined;
  private started: Promise<ChildProcess> | undefined;
  private readonly pending = new Map<string, Pending>();
  /** Which process runs each invocation in flight. */
  private readonly running = new Map<string, ChildProcess>();
  /** Processes past a timeout, ended once the invocations they still run have settled. */
  private readonly retired = new Set<ChildProcess>();
  private stopping = false;
  /** Module init of each cold start, in ms (what bench:cold-start measures, here inside the running host). */
  readonly initTimes: number[] = [];

  constructor(
    private readonly definition: BundledFunctionDefinition,
    private readonly output: (name: string, line: string) => void,
    /** Told every AWS call the function makes (local/aws-call-log.ts); when absent, none is reported. */
    private readonly onAwsCall?: (functionName: string, call: RecordedAwsCall) => void,
  ) {}

  /** A synchronous invoke: Lambda's deadline is the function's own timeout, whatever the caller allows. */
  invoke(event: unknown, context: Pick<Context, 'awsRequestId'>): Invocation {
    const id = randomUUID();
    const pending: Pending = { answer: deferred<unknown>(), done: deferred<void>() };
    // Nobody may be waiting for `done` (a step function task reads the answer only): never unhandled.
    pending.done.promise.catch(() => undefined);
    try {
      checkSyncEvent(this.definition.name, event);
    } catch (error) {
      pending.answer.reject(error as Error);
      pending.done.reject(error as Error);
      return { answer: pending.answer.promise, done: pending.done.promise };
    }
    this.pending.set(id, pending);
    const { timeoutMs } = this.definition;
    const deadline = Date.now() + timeoutMs;
    this.start()
      .then((child) => {
        this.running.set(id, child);
        const timer = setTimeout(() => this.timeOut(id, child), Math.max(0, deadline - Date.now()));
        void pending.done.promise.finally(() => clearTimeout(timer)).catch(() => undefined);
        child.send({
          kind: 'invoke',
          id,
          event,
          requestId: context.awsRequestId,
          functionName: this.definition.name,
          deadline,
          memoryMb: this.definition.memoryMb,
        });
      })
      .catch((error: unknown) => this.settle(id, error instanceof Error ? error : new Error(String(error))));
    return { answer: pending.answer.promise, done: pending.done.promise };
  }

  /**
   * The invocation ran past the function's timeout: it fails, and its process is retired (no new invocation
   * goes to it; it ends once what else it runs has settled), as Lambda resets the environment.
   */
  private timeOut(id: string, child: ChildProcess): void {
    if (!this.pending.has(id)) return;
    this.settle(id, timedOut(this.definition.timeoutMs));
    if (this.process === child) {
      this.process = undefined;
      this.started = undefined;
    }
    this.retire(child);
  }

  private retire(child: ChildProcess): void {
    const stillRunning = [...this.running.entries()].some(([, c]) => c === child);
    if (!stillRunning && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    else this.retired.add(child);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const child of this.retired) child.kill('SIGKILL');
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 2_000);
    await exited;
    clearTimeout(timer);
  }

  private start(): Promise<ChildProcess> {
    if (this.stopping) return Promise.reject(new Error(`${this.definition.name}: the host is stopping`));
    this.started ??= new Promise<ChildProcess>((resolve, reject) => {
      const { taskRoot, handler, environment, name } = this.definition;
      // Only the function's own environment, as on Lambda: nothing of the host's leaks in but PATH.
      // The name in the arguments, so `ps` tells the functions apart.
      const child = fork(RUNNER, [name], {
        cwd: taskRoot,
        env: {
          PATH: process.env.PATH ?? '',
          ...environment,
          LAMBDA_TASK_ROOT: taskRoot,
          _HANDLER: handler,
          ...(this.onAwsCall ? { LAMBDA_RECORD_AWS_CALLS: '1' } : {}),
        },
        execPath: process.execPath,
        // No tsx loader or other flag of the host: Lambda runs the bundle on plain Node, its heap within the
        // function's memory.
        execArgv: [`--max-old-space-size=${this.definition.memoryMb}`],
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        serialization: 'advanced',
      });
      this.process = child;
      for (const stream of [child.stdout!, child.stderr!]) {
        let buffered = '';
        stream.on('data', (chunk: Buffer) => {
          buffered += chunk.toString();
          const lines = buffered.split('\n');
          buffered = lines.pop()!;
          for (const line of lines) if (line.trim()) this.output(name, line);
        });
      }
      child.on('message', (message: RunnerMessage) => {
        if (message.kind === 'ready') {
          this.initTimes.push(message.initMs);
          resolve(child);
        } else if (message.kind === 'init-error') {
          reject(lambdaError(`${name}: init failed`, message.error));
        } else if (message.kind === 'answer') {
          try {
            // Lambda fails an invoke whose result is over its synchronous limit (a streamed one is not buffered).
            if (!message.streamed) checkSyncResult(message.result);
            this.pending.get(message.id)?.answer.resolve(message.result);
          } catch (error) {
            this.settle(message.id, error as Error);
          }
        } else if (message.kind === 'done') {
          this.pending.get(message.id)?.done.resolve();
          this.pending.delete(message.id);
          this.forget(message.id);
        } else if (message.kind === 'aws-call') {
          this.onAwsCall?.(name, message.call);
        } else if (message.kind === 'error') {
          this.settle(message.id, lambdaError(`${name} failed`, message.error));
        }
      });
      child.once('exit', (code, signal) => {
        this.retired.delete(child);
        if (this.process === child) {
          this.process = undefined;
          this.started = undefined;
        }
        const ended = new Error(`${name}: its process ended (${signal ?? `exit code ${code}`})`);
        reject(ended);
        for (const [id, runner] of [...this.running.entries()]) if (runner === child) this.settle(id, ended);
      });
    });
    return this.started;
  }

  private settle(id: string, error: Error): void {
    const pending = this.pending.get(id);
    this.forget(id);
    if (!pending) return;
    this.pending.delete(id);
    pending.answer.reject(error);
    pending.done.reject(error);
  }

  /** The invocation is over: a retired process that runs nothing more ends. */
  private forget(id: string): void {
    const child = this.running.get(id);
    this.running.delete(id);
    if (child && this.retired.has(child) && ![...this.running.values()].includes(child)) child.kill('SIGKILL');
  }
}

/** The message is the function's errorMessage, as API Gateway reads it (an authorizer's `Unauthorized`). */
function lambdaError(what: string, error: LambdaError): Error {
  const failure = new Error(error.errorMessage);
  failure.name = error.errorType;
  failure.stack = `${what}: ${error.errorType}: ${error.errorMessage}\n${error.stack ?? ''}`;
  return failure;
}
