/**
 * A StartSyncExecution endpoint on loopback that runs the same ASL file CDK deploys, with
 * aws-local-stepfunctions. The booking handler talks to it with the real @aws-sdk/client-sfn client (AWS
 * JSON 1.0 protocol, `X-Amz-Target: AWSStepFunctions.StartSyncExecution`), so nothing in the handler knows
 * whether an Express workflow on AWS or this process answers.
 *
 * Every `arn:aws:states:::lambda:invoke` Task is bound to the handler module the definition substitution
 * names (`${BookingFlowFunctionArn}` → the booking-flow module), called in-process with the Task's Payload;
 * its answer is wrapped the way the Lambda integration wraps it (`{Payload, StatusCode}`) so that the
 * definition's `OutputPath: $.Payload` works unchanged. A thrown error fails the Task with the error's name
 * as the Lambda errorType, as on AWS.
 *
 * What Step Functions and Lambda enforce, it enforces: the task function's timeout (Sandbox.Timedout), the
 * invoke's 6 MB result, and 256 KiB for the execution's input and each state's input and output
 * (States.DataLimitExceeded; AWS Step Functions "Quotas": "Maximum input or output size for a task, state,
 * or execution").
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ExecutionError, ExecutionTimeoutError, StateMachine, type StateMachineDefinition } from 'aws-local-stepfunctions';
import { inInvocation } from './invocation-scope.js';
import { lambdaContext } from './lambda-context.js';
import { checkSyncResult, LAMBDA_LIMITS, payloadBytes, withinTimeout } from './lambda-limits.js';

export type TaskHandler = (payload: unknown, context: ReturnType<typeof lambdaContext>) => Promise<unknown>;

export interface LocalStateMachine {
  /** The ARN callers pass as stateMachineArn. */
  readonly arn: string;
  /** The ASL file, as CDK reads it. */
  readonly definitionFile: string;
  /** `${Name}` placeholders in the file and the local functions they stand for. */
  readonly substitutions: Readonly<Record<string, { functionName: string; handler: TaskHandler; timeoutMs: number }>>;
}

/**
 * A Standard workflow the host runs itself (StartExecution answers at once, the run goes on): the property
 * mapping workflow, whose Distributed Map stages the local host runs on worker threads (mapping-workflow.ts).
 */
export interface LocalAsyncStateMachine {
  readonly arn: string;
  start(input: unknown, name: string): void;
}

export interface StepFunctionsEndpoint {
  readonly endpoint: string;
  close(): Promise<void>;
}

const LAMBDA_INVOKE = 'arn:aws:states:::lambda:invoke';
const localFunctionArn = (name: string) => `arn:aws:lambda:${process.env.AWS_REGION ?? 'us-east-1'}:000000000000:function:${name}`;

interface Compiled {
  readonly machine: StateMachine;
  readonly taskNames: readonly string[];
  readonly handlers: ReadonlyMap<string, { functionName: string; handler: TaskHandler; timeoutMs: number }>;
}

/** Substitutes the placeholders exactly as CDK's definitionSubstitutions do, then checks none is left. */
function compile(spec: LocalStateMachine): Compiled {
  let text = readFileSync(spec.definitionFile, 'utf8');
  const handlers = new Map<string, { functionName: string; handler: TaskHandler; timeoutMs: number }>();
  for (const [placeholder, target] of Object.entries(spec.substitutions)) {
    const arn = localFunctionArn(target.functionName);
    text = text.split(`\${${placeholder}}`).join(arn);
    handlers.set(arn, target);
  }
  const leftover = /\$\{[A-Za-z0-9_]+\}/.exec(text);
  if (leftover) throw new Error(`${spec.definitionFile}: no local binding for ${leftover[0]}`);
  const definition = JSON.parse(text) as StateMachineDefinition;
  return { machine: new StateMachine(definition), taskNames: lambdaTasks(definition), handlers };
}

/** Names of the Lambda-invoke Task states, nested Parallel branches and Map iterators included. */
function lambdaTasks(definition: { States: Record<string, unknown> }): string[] {
  const names: string[] = [];
  for (const [name, raw] of Object.entries(definition.States)) {
    const state = raw as {
      Type: string;
      Resource?: string;
      Branches?: { States: Record<string, unknown> }[];
      Iterator?: { States: Record<string, unknown> };
      ItemProcessor?: { States: Record<string, unknown> };
    };
    if (state.Type === 'Task') {
      if (state.Resource !== LAMBDA_INVOKE) throw new Error(`Task ${name}: only ${LAMBDA_INVOKE} runs locally, not ${state.Resource}`);
      names.push(name);
    }
    for (const branch of [
      ...(state.Branches ?? []),
      ...(state.Iterator ? [state.Iterator] : []),
      ...(state.ItemProcessor ? [state.ItemProcessor] : []),
    ]) {
      names.push(...lambdaTasks(branch));
    }
  }
  return names;
}

/** A state's input or output over Step Functions' 256 KiB fails the state with States.DataLimitExceeded. */
function checkStatePayload(what: string, payload: unknown): void {
  const bytes = payloadBytes(payload);
  if (bytes > LAMBDA_LIMITS.statePayloadBytes) {
    throw Object.assign(new Error(`${what} is ${bytes} bytes, over the ${LAMBDA_LIMITS.statePayloadBytes} bytes Step Functions allows`), {
      name: 'States.DataLimitExceeded',
    });
  }
}

function taskOverrides(compiled: Compiled) {
  const invoke = async (input: unknown) => {
    const { FunctionName: functionName, Payload: payload } = (input ?? {}) as { FunctionName?: string; Payload?: unknown };
    const target = functionName ? compiled.handlers.get(functionName) : undefined;
    if (!target) throw Object.assign(new Error(`Function not found: ${functionName}`), { name: 'Lambda.ResourceNotFoundException' });
    checkStatePayload('the task input', input);
    const requestId = randomUUID();
    const result = await withinTimeout(
      inInvocation(requestId, async () => target.handler(payload ?? {}, lambdaContext(target.functionName, requestId, target.timeoutMs))),
      target.timeoutMs,
    );
    checkSyncResult(result);
    const output = { ExecutedVersion: '$LATEST', Payload: (result ?? null) as never, StatusCode: 200 };
    checkStatePayload('the task output', output);
    return output;
  };
  return Object.fromEntries(compiled.taskNames.map((name) => [name, invoke]));
}

interface StartSyncExecutionInput {
  stateMachineArn?: string;
  name?: string;
  input?: string;
}

export async function startStepFunctionsEndpoint(options: {
  machines: readonly LocalStateMachine[];
  asyncMachines?: readonly LocalAsyncStateMachine[];
  port?: number;
  host?: string;
}): Promise<StepFunctionsEndpoint> {
  const machines = new Map(options.machines.map((spec) => [spec.arn, compile(spec)] as const));
  const asyncMachines = new Map((options.asyncMachines ?? []).map((machine) => [machine.arn, machine] as const));
  const started = new Map<string, string>();

  // StartExecution of a Standard workflow: a name is used once (the same name and input answers the first
  // execution again; another input is ExecutionAlreadyExists), and the run goes on after the answer.
  const startExecution = async (request: StartSyncExecutionInput): Promise<[number, unknown]> => {
    const machine = request.stateMachineArn ? asyncMachines.get(request.stateMachineArn) : undefined;
    if (!machine)
      return [400, { __type: 'StateMachineDoesNotExist', message: `State Machine Does Not Exist: '${request.stateMachineArn}'` }];
    let input: unknown;
    try {
      input = JSON.parse(request.input ?? '{}');
    } catch {
      return [400, { __type: 'InvalidExecutionInput', message: 'input is not valid JSON' }];
    }
    const name = request.name ?? randomUUID();
    const executionArn = `${machine.arn.replace(':stateMachine:', ':execution:')}:${name}`;
    const seen = started.get(executionArn);
    if (seen !== undefined) {
      if (seen !== (request.input ?? '{}'))
        return [400, { __type: 'ExecutionAlreadyExists', message: `Execution Already Exists: '${executionArn}'` }];
      return [200, { executionArn, startDate: Date.now() / 1000 }];
    }
    started.set(executionArn, request.input ?? '{}');
    machine.start(input, name);
    return [200, { executionArn, startDate: Date.now() / 1000 }];
  };

  const startSyncExecution = async (request: StartSyncExecutionInput): Promise<[number, unknown]> => {
    const compiled = request.stateMachineArn ? machines.get(request.stateMachineArn) : undefined;
    if (!compiled)
      return [400, { __type: 'StateMachineDoesNotExist', message: `State Machine Does Not Exist: '${request.stateMachineArn}'` }];
    let input: unknown;
    try {
      input = JSON.parse(request.input ?? '{}');
    } catch {
      return [400, { __type: 'InvalidExecutionInput', message: 'input is not valid JSON' }];
    }
    if (Buffer.byteLength(request.input ?? '{}', 'utf8') > LAMBDA_LIMITS.statePayloadBytes) {
      return [
        400,
        {
          __type: 'ValidationException',
          message: `input: Member must have length less than or equal to ${LAMBDA_LIMITS.statePayloadBytes}`,
        },
      ];
    }
    const name = request.name ?? randomUUID();
    const arn = request.stateMachineArn!;
    const executionArn = `${arn.replace(':stateMachine:', ':express:')}:${name}:${randomUUID()}`;
    const startDate = Date.now() / 1000;
    const common = {
      executionArn,
      stateMachineArn: arn,
      name,
      startDate,
      input: request.input ?? '{}',
      inputDetails: { included: true },
    };
    const execution = compiled.machine.run(input as never, { overrides: { taskResourceLocalHandlers: taskOverrides(compiled) } });
    try {
      const output = await execution.result;
      return [
        200,
        { ...common, stopDate: Date.now() / 1000, status: 'SUCCEEDED', output: JSON.stringify(output), outputDetails: { included: true } },
      ];
    } catch (error) {
      const stopDate = Date.now() / 1000;
      if (error instanceof ExecutionTimeoutError) {
        return [200, { ...common, stopDate, status: 'TIMED_OUT', error: 'States.Timeout', cause: 'The execution timed out' }];
      }
      const failure = error instanceof ExecutionError && error.cause instanceof Error ? error.cause : (error as Error);
      const cause = JSON.stringify({ errorMessage: failure.message, errorType: failure.name });
      return [200, { ...common, stopDate, status: 'FAILED', error: failure.name, cause }];
    }
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = ([status, body]: [number, unknown]) => {
        res.writeHead(status, { 'Content-Type': 'application/x-amz-json-1.0', 'x-amzn-RequestId': randomUUID() });
        res.end(JSON.stringify(body));
      };
      const target = String(req.headers['x-amz-target'] ?? '');
      const operation =
        target === 'AWSStepFunctions.StartSyncExecution'
          ? startSyncExecution
          : target === 'AWSStepFunctions.StartExecution'
            ? startExecution
            : undefined;
      if (req.method !== 'POST' || !operation) {
        send([
          400,
          {
            __type: 'UnknownOperationException',
            message: `This local endpoint serves StartSyncExecution and StartExecution only, not ${target || req.method}`,
          },
        ]);
        return;
      }
      let request: StartSyncExecutionInput;
      try {
        request = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as StartSyncExecutionInput;
      } catch {
        send([400, { __type: 'SerializationException', message: 'request body is not JSON' }]);
        return;
      }
      operation(request).then(send, (error: unknown) => send([500, { __type: 'InternalFailure', message: String(error) }]));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
