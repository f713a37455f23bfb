/**
 * `npm start` as an operator, a process manager or CI runs it: a SIGTERM or SIGINT to any process of its
 * tree (npm itself, the host's Node, DynamoDB Local's java) stops everything it started. The tree is the
 * process group of the npm child (spawned detached), read from /proc, so a process left behind is named.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { processGroup, type GroupMember } from '../support/process-tree.js';

let started: ChildProcess | undefined;

afterEach(() => {
  // Whatever a failed case left: the whole group, so the machine is clean for the next case.
  if (started?.pid) {
    try {
      process.kill(-started.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  started = undefined;
});

async function startNpmStart(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn('npm', ['start'], {
    cwd: process.cwd(),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: '0', SUPPLIER_LATENCY_MS: '0' },
  });
  started = child;
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start was not ready within 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready in [\d.]+ s at (http:\/\/\S+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}) before it was ready:\n${output}`)));
  });
  return { child, url };
}

async function untilGroupEmpty(pgid: number, timeoutMs: number): Promise<GroupMember[]> {
  const deadline = Date.now() + timeoutMs;
  let left = processGroup(pgid);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    left = processGroup(pgid);
  }
  return left;
}

const TARGETS: readonly {
  name: string;
  signal: NodeJS.Signals;
  pick: (members: GroupMember[], npmPid: number) => GroupMember | undefined;
}[] = [
  { name: 'npm itself', signal: 'SIGTERM', pick: (members, npmPid) => members.find((m) => m.pid === npmPid) },
  { name: "the host's Node", signal: 'SIGINT', pick: (members) => members.find((m) => /^\S*node .*bin\/local\.ts/.test(m.command)) },
  {
    name: "DynamoDB Local's java",
    signal: 'SIGTERM',
    pick: (members) => members.find((m) => /^\S*java .*DynamoDBLocal\.jar/.test(m.command)),
  },
];

describe('stopping npm start', () => {
  it.each(TARGETS)(
    '$signal to $name leaves no process of its tree',
    async ({ signal, pick }) => {
      const { child, url } = await startNpmStart();
      const pgid = child.pid!;
      // It serves: the first request is answered (the token endpoint refuses an empty form, as it should).
      expect((await fetch(`${url}/v1/oauth/token`, { method: 'POST' })).status).toBe(400);
      const members = processGroup(pgid);
      expect(members.some((m) => m.command.includes('DynamoDBLocal.jar'))).toBe(true);

      const target = pick(members, pgid);
      expect(target, `no such process among:\n${members.map((m) => `${m.pid} ${m.command}`).join('\n')}`).toBeDefined();
      process.kill(target!.pid, signal);

      const left = await untilGroupEmpty(pgid, 20_000);
      expect(left.map((m) => `${m.pid} ${m.command.slice(0, 120)}`)).toEqual([]);
    },
    90_000,
  );
});
