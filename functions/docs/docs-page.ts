/**
 * GET /docs: the API reference page. Scalar renders it in the browser from /openapi.json; its script
 * comes from this API (GET /docs/scalar.js, cacheable apart from the page), its
 * fonts are the system's, and its telemetry is off, so the page makes no request outside this API. URLs
 * are relative to the page, so the page works under API Gateway's stage path (/api/docs) and at the root.
 */
import { httpHandler } from '../shared/http-handler.js';
import { routeById } from '../shared/routes.js';

const SCALAR_CONFIGURATION = {
  url: 'openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  mcp: { disabled: true },
  defaultOpenAllTags: true,
  hideClientButton: false,
  metaData: { title: 'Hotel booking API reference' },
};

export function docsPageHtml(): string {
  // Relative to the page, so it resolves under the stage path on AWS too.
  const src = routeById('getDocsScript').path.replace(/^\//, '');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hotel booking API reference</title>
</head>
<body>
<div id="app"></div>
<script src="${src}"></script>
<script>Scalar.createApiReference('#app', ${JSON.stringify(SCALAR_CONFIGURATION)});</script>
</body>
</html>
`;
}

let page: string | undefined;

export const handler = httpHandler('getDocs', {}, async () => ({
  status: 200,
  raw: { contentType: 'text/html; charset=utf-8', body: (page ??= docsPageHtml()) },
  headers: { 'Cache-Control': 'public, max-age=300' },
}));
