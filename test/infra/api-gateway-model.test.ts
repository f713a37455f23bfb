/**
 * The local gateway in source mode (`npm start`, `npm test`) answers with the settings of the sources; in
 * bundle mode with the synthesized template's (local/api-gateway-model.ts). Both are one: what the template
 * holds of the REST API (binary media types, gateway responses, integration timeouts, the web ACL's body
 * limit) is exactly what the sources say, so a change to one cannot leave the other behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiModelFromSources, apiModelFromTemplate } from '../../local/api-gateway-model.js';
import { templateOf } from '../../local/synthesized-template.js';
import { synthesize, type Synthesis } from './synthesize.js';

let synthesis: Synthesis;
beforeAll(() => {
  synthesis = synthesize({ stage: 'production' });
}, 120_000);
afterAll(() => synthesis?.cleanUp());

describe('the REST API the local gateway plays', () => {
  it('is the synthesized template: binary media types, gateway responses, integration timeouts, body limit', () => {
    const fromTemplate = apiModelFromTemplate(templateOf(synthesis.template.toJSON()));
    const fromSources = apiModelFromSources();
    expect(fromTemplate.binaryMediaTypes).toEqual(fromSources.binaryMediaTypes);
    expect(Object.fromEntries(fromTemplate.gatewayResponses)).toEqual(Object.fromEntries(fromSources.gatewayResponses));
    expect(Object.fromEntries(fromTemplate.integrationTimeoutMs)).toEqual(Object.fromEntries(fromSources.integrationTimeoutMs));
    expect(fromTemplate.firewallBodyLimit).toEqual(fromSources.firewallBodyLimit);
  });
});
