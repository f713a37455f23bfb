/**
 * What Lambda and Step Functions refuse, which the local host refuses the same way wherever it plays their
 * part (the gateway's invokes, the bundled functions, the Invoke endpoint, the Step Functions endpoint):
 * - a synchronous invoke's event or its result over 6 MB (AWS Lambda "Invoke": "For synchronous invocations,
 *   the maximum payload size is 6 MB"), an asynchronous invoke's event over 1 MB (same page);
 * - a function running past its timeout, stopped with `Sandbox.Timedout` (AWS Lambda "Configure Lambda
 *   function timeout");
 * - a state's input or output over 256 KiB (AWS Step Functions "Quotas": States.DataLimitExceeded).
 */
export const LAMBDA_LIMITS = {
  /** Lambda's refusal names it: "Request must be smaller than 6291456 bytes for the InvokeFunction operation". */
  syncPayloadBytes: 6_291_456,
  asyncPayloadBytes: 1_048_576,
  statePayloadBytes: 262_144,
} as const;

/** The bytes a payload takes on the wire (its JSON, as the Invoke API and Step Functions carry it). */
export function payloadBytes(payload: unknown): number {
  return Buffer.byteLength(JSON.stringify(payload ?? null), 'utf8');
}

/** Lambda refused the invoke itself (the function never ran): API Gateway answers 500. */
export class LambdaInvokeRefused extends Error {
  constructor(functionName: string, message: string) {
    super(`${functionName}: ${message}`);
    this.name = 'RequestEntityTooLargeException';
  }
}

/** The function ran and failed (an error, a timeout, a result too large): API Gateway answers 502. */
export class LambdaFunctionError extends Error {
  constructor(errorType: string, message: string) {
    super(message);
    this.name = errorType;
  }
}

export function timedOut(timeoutMs: number): LambdaFunctionError {
  return new LambdaFunctionError('Sandbox.Timedout', `Task timed out after ${(timeoutMs / 1000).toFixed(2)} seconds`);
}

/** Refuses a synchronous invoke whose event is over Lambda's limit. */
export function checkSyncEvent(functionName: string, event: unknown): void {
  const bytes = payloadBytes(event);
  if (bytes > LAMBDA_LIMITS.syncPayloadBytes) {
    throw new LambdaInvokeRefused(
      functionName,
      `Request must be smaller than ${LAMBDA_LIMITS.syncPayloadBytes} bytes for the InvokeFunction operation (${bytes})`,
    );
  }
}

/** Fails a synchronous invoke whose result is over Lambda's limit, as Lambda does after the function returned. */
export function checkSyncResult(result: unknown): void {
  const bytes = payloadBytes(result);
  if (bytes > LAMBDA_LIMITS.syncPayloadBytes) {
    throw new LambdaFunctionError(
      'Function.ResponseSizeTooLarge',
      `Response payload size (${bytes} bytes) exceeded maximum allowed payload size (${LAMBDA_LIMITS.syncPayloadBytes} bytes).`,
    );
  }
}

/** The promise, or the function's timeout error when it has not settled within `timeoutMs`. */
export function withinTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut(timeoutMs)), timeoutMs);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}
