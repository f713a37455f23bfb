/**
 * The operator's webhook commands (`npm run admin -- webhook ...`): an account's endpoints and their recent
 * deliveries (never a signing secret), and disabling or enabling an endpoint (a receiver hammered by our
 * retries, or one the partner asked us to stop), in the account's audit trail like any change.
 */
import type { WebhookEndpoint } from '../domain/webhooks/webhook-endpoint.js';
import { DynamoWebhookStore } from '../stores/dynamo-webhooks.js';
import { AccountAdminError } from './account-admin.js';
import { auditPut } from './audit-trail.js';

let store: DynamoWebhookStore | undefined;
const webhooks = () => (store ??= new DynamoWebhookStore());

export function endpointSummary(endpoint: WebhookEndpoint) {
  const { secret: _secret, previousSecret: _previous, ...rest } = endpoint;
  return rest;
}

export async function listWebhookEndpoints(tenant: string) {
  return (await webhooks().listEndpoints(tenant)).map(endpointSummary);
}

export async function webhookDeliveries(tenant: string, endpointId: string, limit = 20) {
  if (!(await webhooks().getEndpoint(tenant, endpointId)))
    throw new AccountAdminError('not-found', `no webhook endpoint ${endpointId} for account ${tenant}`, 'endpointId');
  return (await webhooks().listDeliveries(tenant, endpointId, { limit })).deliveries.map(({ event, ...delivery }) => ({
    ...delivery,
    eventType: event.type,
    eventId: event.id,
  }));
}

export async function setWebhookEndpointEnabled(
  tenant: string,
  endpointId: string,
  enabled: boolean,
  reason: string | undefined,
  actor: string,
) {
  const before = await webhooks().getEndpoint(tenant, endpointId);
  if (!before) throw new AccountAdminError('not-found', `no webhook endpoint ${endpointId} for account ${tenant}`, 'endpointId');
  const at = new Date().toISOString();
  const after = await webhooks().updateEndpoint(
    tenant,
    endpointId,
    enabled
      ? { enabled: true, disabledReason: undefined, failingSince: undefined, updatedAt: at }
      : { enabled: false, disabledReason: `disabled by the operator${reason ? `: ${reason}` : ''}`, updatedAt: at },
    {
      before,
      writes: (changed) => [
        auditPut({
          tenant,
          actor,
          action: enabled ? 'webhook.enabled' : 'webhook.disabled',
          target: endpointId,
          before: endpointSummary(before),
          after: endpointSummary(changed),
        }),
      ],
    },
  );
  if (!after) throw new AccountAdminError('not-found', `no webhook endpoint ${endpointId} for account ${tenant}`, 'endpointId');
  return endpointSummary(after);
}
