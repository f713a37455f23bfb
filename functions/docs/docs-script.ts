/** GET /docs/scalar.js: the reference page's renderer, from this API (no CDN). Cached a day: it changes only with a deploy. */
import { httpHandler } from '../shared/http-handler.js';
import { docsConfig } from './docs-config.js';
import { scalarScript } from './scalar-script.js';

export const handler = httpHandler('getDocsScript', {}, async () => ({
  status: 200,
  raw: { contentType: 'text/javascript; charset=utf-8', body: scalarScript(docsConfig().scriptPath) },
  headers: { 'Cache-Control': 'public, max-age=86400' },
}));
