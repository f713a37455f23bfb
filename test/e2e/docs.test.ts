/**
 * The API reference page in a real browser (Chromium, headless, driven by playwright-core; the system's or
 * the one inside an npm package, test/support/chromium.ts): the page renders the operations of
 * /openapi.json, and every request it makes goes to this API, none to a CDN or anywhere else. A screenshot
 * is left at /tmp/docs.png for a person to look at.
 */
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHost } from '../../local/host.js';
import { chromiumForTests } from '../support/chromium.js';
import { startTestHost } from '../support/local-host.js';

let host: LocalHost;
let browser: Browser;
let context: BrowserContext;
beforeAll(async () => {
  host = await startTestHost();
  const launch = await chromiumForTests();
  browser = await chromium.launch({ executablePath: launch.executablePath, headless: true, args: [...launch.args] });
  // A fresh context is a fresh profile: no cache or storage from an earlier run.
  context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
}, 120_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await host?.stop();
});

describe('GET /docs', () => {
  it('serves an HTML page that loads its renderer from this API', async () => {
    const response = await fetch(`${host.url}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('Scalar.createApiReference');
    expect(html).not.toMatch(/<script[^>]+src="https?:/);
  });

  it('renders the operations of the document in a browser, with no request outside this API', { timeout: 90_000 }, async () => {
    const page = await context.newPage();
    const outside: string[] = [];
    const pageErrors: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(host.url) && !url.startsWith('data:') && !url.startsWith('blob:') && url !== 'about:blank') outside.push(url);
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // Anything outside would fail here on a machine without network; abort it so the test says which.
    await page.route(
      (url) => !url.href.startsWith(host.url) && url.protocol.startsWith('http'),
      (route) => route.abort(),
    );

    await page.goto(`${host.url}/docs`, { waitUntil: 'load' });
    // The navigation lists every operation by its summary (the route table's).
    for (const title of [
      'Search availability across contracted suppliers',
      'Book a checked rate',
      'Cancel a booking',
      'Car availability (planned)',
    ]) {
      await expect.poll(() => page.getByText(title, { exact: true }).first().isVisible(), { timeout: 30_000, message: title }).toBe(true);
    }
    await page.screenshot({ path: '/tmp/docs-top.png' });

    // An operation itself: its heading, its headers and its request fields, rendered from the document.
    await page.getByText('Book a checked rate', { exact: true }).first().click();
    const heading = page.getByRole('heading', { name: 'Book a checked rate' });
    await expect.poll(() => heading.isVisible(), { timeout: 30_000 }).toBe(true);
    const section = page.locator('section', { has: heading }).first();
    await expect.poll(async () => (await section.innerText()).includes('Idempotency-Key'), { timeout: 10_000 }).toBe(true);
    for (const field of ['rateId', 'clientReference', 'X-Service-Tenant']) expect(await section.innerText(), field).toContain(field);
    await page.screenshot({ path: '/tmp/docs.png' });

    expect(outside).toEqual([]);
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
