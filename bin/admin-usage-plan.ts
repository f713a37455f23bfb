/**
 * On a deployed stack a client's calls are counted and throttled per client by API Gateway's usage plan,
 * which knows a client by an API key whose value is the client's usageKey (the authorizer names it). So
 * the operator tool, given the stack's UsagePlanId output, enrols each client it issues (an API key with
 * that value, added to the plan) and disables the key when it revokes the client, which API Gateway
 * applies at once, before the authorizer cache's 300 s. Locally the gateway reads the usageKey itself and
 * there is nothing to enrol.
 */
import {
  APIGatewayClient,
  CreateApiKeyCommand,
  CreateUsagePlanKeyCommand,
  GetApiKeysCommand,
  UpdateApiKeyCommand,
} from '@aws-sdk/client-api-gateway';

export interface UsagePlanEnrolment {
  enrol(client: { clientId: string; tenant: string; usageKey: string }): Promise<void>;
  disable(client: { clientId: string }): Promise<void>;
}

export function usagePlanEnrolment(usagePlanId: string, gateway = new APIGatewayClient({})): UsagePlanEnrolment {
  const keyName = (clientId: string) => `hotel-api-client-${clientId}`;
  return {
    async enrol({ clientId, tenant, usageKey }) {
      const key = await gateway.send(
        new CreateApiKeyCommand({
          name: keyName(clientId),
          value: usageKey,
          enabled: true,
          description: `API client ${clientId} of account ${tenant}`,
        }),
      );
      await gateway.send(new CreateUsagePlanKeyCommand({ usagePlanId, keyId: key.id!, keyType: 'API_KEY' }));
    },
    async disable({ clientId }) {
      const { items = [] } = await gateway.send(new GetApiKeysCommand({ nameQuery: keyName(clientId), limit: 5 }));
      for (const key of items.filter((k) => k.name === keyName(clientId))) {
        await gateway.send(
          new UpdateApiKeyCommand({ apiKey: key.id!, patchOperations: [{ op: 'replace', path: '/enabled', value: 'false' }] }),
        );
      }
    },
  };
}
