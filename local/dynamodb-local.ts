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
  stop(): Promise<void>;
}

function emulatorDir(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('amplify-dynamodb-simulator/package.json');
  return join(dirname(pkg), 'emulator');
}

export async function startDynamoDbLocal(options: { port?: number; dataDir?: string } = {}): Promise<DynamoDbLocal> {
  const port = options.port ?? (await freePort());
  const dir = emulatorDir();
  const storage = options.dataDir ? ['-dbPath', options.dataDir] : ['-inMemory'];
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child: ChildProcess = spawn(
    'java',
    ['-Djava.library.path=./DynamoDBLocal_lib', '-Xms64m', '-jar', 'DynamoDBLocal.jar', ...storage, '-sharedDb', '-disableTelemetry', '-port', String(port)],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], detached: false },
  );
  // If this process dies without stopping us (SIGKILL, a crashed test runner), no java may be left behind:
  // a watchdog shell holds a pipe from us and kills java when the pipe closes, however we went away.
  const watchdog = child.pid ? spawn('sh', ['-c', `cat >/dev/null; kill ${child.pid} 2>/dev/null`], { stdio: ['pipe', 'ignore', 'ignore'] }) : undefined;
  watchdog?.unref();
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.once('error', (error) => {
    output += `\n${error.message}`;
  });

  const ready = await Promise.race([waitForPort(port, 30_000).then(() => true), exited.then(() => false)]);
  if (!ready) {
    watchdog?.stdin?.end();
    throw new Error(`DynamoDB Local did not start (is java installed?):\n${output}`);
  }

  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    async stop() {
      watchdog?.stdin?.end();
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}
