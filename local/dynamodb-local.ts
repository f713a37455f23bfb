/**
 * AWS's own DynamoDB Local (the jar shipped inside the npm package amplify-dynamodb-simulator), run with
 * java. In memory by default; with a data directory it persists there. -sharedDb so every credential and
 * region sees the same tables, as one AWS account would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { freePort, waitForPort } from './ports.js';

export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  /**
   * Settles when java or its watchdog ends other than through stop() (a signal sent to either, a crash),
   * with what ended: `npm start` then stops the rest rather than serve on without its database.
   */
  readonly ended: Promise<string>;
  stop(): Promise<void>;
}

function emulatorDir(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('amplify-dynamodb-simulator/package.json');
  return join(dirname(pkg), 'emulator');
}

/**
 * Another process may take the free port between our asking for it and java binding it; java then fails
 * to bind and exits, and a new port is tried (unless the caller asked for this one).
 */
export async function startDynamoDbLocal(options: { port?: number; dataDir?: string } = {}): Promise<DynamoDbLocal> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options.port ?? (await freePort()), options.dataDir);
    } catch (error) {
      if (options.port !== undefined || attempt >= 3 || !String(error).includes('Address already in use')) throw error;
    }
  }
}

async function startOnce(port: number, dataDir: string | undefined): Promise<DynamoDbLocal> {
  const options = { dataDir };
  const dir = emulatorDir();
  const storage = options.dataDir ? ['-dbPath', options.dataDir] : ['-inMemory'];
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child: ChildProcess = spawn(
    'java',
    // IPv4 only: bound to 0.0.0.0, the port conflicts with any 127.0.0.1 listener on it, so a port taken
    // meanwhile fails here instead of leaving our clients talking to someone else's server.
    [
      '-Djava.net.preferIPv4Stack=true',
      '-Djava.library.path=./DynamoDBLocal_lib',
      '-Xms64m',
      '-jar',
      'DynamoDBLocal.jar',
      ...storage,
      '-sharedDb',
      '-disableTelemetry',
      '-port',
      String(port),
    ],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], detached: false },
  );
  // If this process dies without stopping us (SIGKILL, a crashed test runner), no java may be left behind:
  // a watchdog shell holds a pipe from us and kills java when the pipe closes, however we went away.
  const watchdog = child.pid
    ? spawn('sh', ['-c', `cat >/dev/null; kill ${child.pid} 2>/dev/null`], { stdio: ['pipe', 'ignore', 'ignore'] })
    : undefined;
  watchdog?.unref();
  let output = '';
  // DynamoDB Local reports a port it could not bind but keeps running: that is a failed start too.
  let portTaken: () => void = () => undefined;
  const taken = new Promise<false>((resolve) => (portTaken = () => resolve(false)));
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('Address already in use')) portTaken();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.once('error', (error) => {
    output += `\n${error.message}`;
  });

  // Ready when DynamoDB itself answers on the port, not merely when something accepts connections there.
  const answers = waitForPort(port, 30_000).then(() => untilDynamoAnswers(`http://127.0.0.1:${port}`, 30_000));
  const ready = await Promise.race([answers, exited.then(() => false), taken]);
  if (!ready || output.includes('Address already in use')) {
    watchdog?.stdin?.end();
    if (child.exitCode === null) child.kill('SIGKILL');
    throw new Error(`DynamoDB Local did not start (is java installed?):\n${output}`);
  }

  let stopping = false;
  const ended = new Promise<string>((resolve) => {
    const report = (what: string) => (code: number | null, signal: NodeJS.Signals | null) => {
      if (!stopping) resolve(`${what} ended (${signal ?? `exit code ${code}`})`);
    };
    child.once('exit', report('DynamoDB Local (java)'));
    watchdog?.once('exit', report("DynamoDB Local's watchdog"));
  });

  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    ended,
    async stop() {
      stopping = true;
      watchdog?.stdin?.end();
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function untilDynamoAnswers(endpoint: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-amz-json-1.0',
          'X-Amz-Target': 'DynamoDB_20120810.ListTables',
          Authorization: 'AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
        },
        body: '{}',
        signal: AbortSignal.timeout(2_000),
      });
      if (response.ok && 'TableNames' in ((await response.json()) as object)) return true;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}
