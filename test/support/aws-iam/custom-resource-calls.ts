/**
 * The SDK calls the stack's AwsCustomResources make while CloudFormation deploys it (Custom::AWS: the call is
 * written in the template, `Create`/`Update`/`Delete`), each named as IAM authorizes it, with the role of the
 * function that makes it (the resource's ServiceToken). A call its role may not make fails the deploy and rolls
 * the stack back, so these are checked before any deploy (test/infra/custom-resource-calls.test.ts).
 */
import { TABLES } from '../../../functions/shared/tables.js';
import type { LocalResourceNames } from '../../../local/aws-call-log.js';
import { type CallNamer, dynamoRequests, type NamedCall } from './call-requests.js';
import type { TemplateValues } from './template-values.js';

export interface CustomResourceCall {
  /** The custom resource's logical id and the event (Create, Update, Delete). */
  readonly name: string;
  /** The role of the function that makes the call. */
  readonly role: string;
  readonly named: NamedCall;
}

/** The template's own names for what the custom resources name: its tables by their deployed names. */
function deployedNames(values: TemplateValues): LocalResourceNames {
  const tables: Record<string, string> = {};
  for (const table of TABLES) {
    const resource = values.template.byPathSuffix(`/Tables/${table.id}/Resource`);
    if (resource) tables[values.physicalName(resource.logicalId)] = table.id;
  }
  return { tables, buckets: {}, stateMachines: {}, functions: {} };
}

export function customResourceCalls(values: TemplateValues, namer: CallNamer): CustomResourceCall[] {
  const names = deployedNames(values);
  const calls: CustomResourceCall[] = [];
  for (const resource of values.template.resourcesOfType('Custom::AWS')) {
    const token = resource.properties.ServiceToken as { 'Fn::GetAtt': [string, string] };
    const role = namer.roleOf(values.resource(token['Fn::GetAtt'][0]).properties);
    for (const event of ['Create', 'Update', 'Delete'] as const) {
      const written = resource.properties[event];
      if (written === undefined) continue;
      const call = JSON.parse(String(values.resolve(written))) as { service: string; action: string; parameters?: Record<string, unknown> };
      const operation = call.action.charAt(0).toUpperCase() + call.action.slice(1);
      const named: NamedCall =
        call.service === 'DynamoDB' || call.service === '@aws-sdk/client-dynamodb'
          ? dynamoRequests(namer, names, operation, call.parameters ?? {})
          : (call.service === 'SFN' || call.service === '@aws-sdk/client-sfn') && typeof call.parameters?.stateMachineArn === 'string'
            ? // StartExecution is authorized on the state machine's ARN (AWS Step Functions, "Actions defined by AWS Step Functions").
              { requests: [{ action: `states:${operation}`, resource: call.parameters.stateMachineArn, context: {} }] }
            : { unknown: `${call.service}.${call.action}` };
      calls.push({ name: `${resource.logicalId} (${event})`, role, named });
    }
  }
  return calls;
}
