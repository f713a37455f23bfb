/** The public documentation routes: this document and the reference page rendered from it. */
import * as z from 'zod';
import type { OperationSpec } from './operation.js';

export const docsOperations: Record<string, OperationSpec> = {
  getOpenApi: {
    tag: 'Documentation',
    description: 'This OpenAPI 3.1 document, generated from the zod schemas the service validates with. Public.',
    responses: {
      200: { description: 'The document', content: { 'application/json': { schema: z.looseObject({ openapi: z.string() }) } } },
    },
  },
  getDocs: {
    tag: 'Documentation',
    description:
      'The API reference page, rendered from this document in the browser (Scalar, served by this API, no outside network). Public.',
    responses: { 200: { description: 'An HTML page', content: { 'text/html': { schema: z.string() } } } },
  },
  getDocsScript: {
    tag: 'Documentation',
    description:
      "The reference page's renderer (Scalar API Reference, standalone build), served by this API so the page needs no outside network. Public.",
    responses: { 200: { description: 'JavaScript', content: { 'text/javascript': { schema: z.string() } } } },
  },
};
