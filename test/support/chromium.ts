/**
 * A real Chromium for the browser tests, found with `npm ci` alone. Debian's /usr/bin/chromium when the
 * machine has one (it starts faster); otherwise the build that ships inside the npm package
 * @sparticuz/chromium (MIT; a brotli-packed Chromium for Linux x64 that links only against libc, libgcc
 * and libexpat, unpacked once to the temp folder, ~4 s). Never a skip: a machine with neither fails.
 *
 * CHROMIUM_PATH=<file> names a browser; CHROMIUM_PATH=packaged hides the system one, which is how the
 * bare-machine check runs on a machine that has it.
 */
import { existsSync } from 'node:fs';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Flags for a headless run on a machine with no network: without them Chromium keeps dialling out. */
const QUIET_FLAGS = ['--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'];

export interface ChromiumLaunch {
  readonly executablePath: string;
  readonly args: readonly string[];
  readonly source: 'system' | 'packaged' | 'CHROMIUM_PATH';
}

export async function chromiumForTests(): Promise<ChromiumLaunch> {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen && chosen !== 'packaged')
    return { executablePath: chosen, args: [...QUIET_FLAGS, '--headless', '--no-sandbox', '--disable-gpu'], source: 'CHROMIUM_PATH' };
  if (chosen !== 'packaged' && existsSync(SYSTEM_CHROMIUM)) {
    return { executablePath: SYSTEM_CHROMIUM, args: [...QUIET_FLAGS, '--headless', '--no-sandbox', '--disable-gpu'], source: 'system' };
  }
  const { default: packaged } = await import('@sparticuz/chromium');
  // Its own flags: software GL (swiftshader, unpacked beside it), no sandbox, a single process.
  return { executablePath: await packaged.executablePath(), args: [...packaged.args, ...QUIET_FLAGS], source: 'packaged' };
}
