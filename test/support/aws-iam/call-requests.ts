/**
 * An AWS call, as a function's process sent it on this machine, turned into what IAM authorizes on AWS: each
 * action on each resource it touches, named by its ARN in the deployed stack, with the condition keys IAM
 * reads. What AWS does on the caller's behalf is added where AWS documents it:
 *
 * - a data call on a DynamoDB table under a customer managed key uses the key with the caller's permissions
 *   (kms:Decrypt via DynamoDB: AWS KMS "How Amazon DynamoDB uses AWS KMS");
 * - an S3 object call under SSE-KMS likewise (kms:Decrypt to read, kms:GenerateDataKey to write: Amazon S3
 *   "Using server-side encryption with AWS KMS keys");
 * - a GetObject that found no object needs s3:ListBucket to be told so (404 NoSuchKey); without it Amazon S3
 *   answers 403 Access Denied (Amazon S3 API Reference, GetObject, "Permissions").
 *
 * A call it cannot name is returned as such, so that no call goes unchecked.
 */
import { TABLES, type TableDefinition } from '../../../functions/shared/tables.js';
import type { LocalResourceNames, RecordedAwsCall } from '../../../local/aws-call-log.js';
import type { AuthorizationRequest, ContextValue } from './policy-evaluation.js';
import type { StackPermissions } from './stack-permissions.js';
import { DEPLOYED, type TemplateValues } from './template-values.js';

export type NamedCall = { readonly requests: readonly AuthorizationRequest[] } | { readonly unknown: string };

/** What the local names of a host stand for in the template, and the key each encrypted resource is under. */
export class CallNamer {
  constructor(
    private readonly values: TemplateValues,
    private readonly permissions: StackPermissions,
  ) {}

  private logicalIdAt(pathSuffix: string): string {
    const found = this.values.template.byPathSuffix(pathSuffix);
    if (!found) throw new Error(`the template has no resource at …${pathSuffix}`);
    return found.logicalId;
  }

  tableArn(tableId: string): string {
    return this.values.getAtt(this.logicalIdAt(`/Tables/${tableId}/Resource`), 'Arn');
  }

  bucketName(construct: string): string {
    return this.values.ref(this.logicalIdAt(`/${construct}/Bucket/Resource`));
  }

  stateMachineArn(construct: string): string {
    return this.values.ref(this.logicalIdAt(`/${construct}/StateMachine/Resource`));
  }

  functionArn(name: string): string {
    return this.values.getAtt(this.logicalIdAt(`/${name}/Function/Resource`), 'Arn');
  }

  /** The role a function of the template runs as. */
  roleOfFunction(name: string): string {
    return this.roleOf(this.values.resource(this.logicalIdAt(`/${name}/Function/Resource`)).properties);
  }

  roleOf(functionProperties: Readonly<Record<string, unknown>>): string {
    const role = functionProperties.Role as { 'Fn::GetAtt': [string, string] } | undefined;
    if (!role?.['Fn::GetAtt']) throw new Error('a function whose role is not a role of the template');
    return role['Fn::GetAtt'][0];
  }

  /** Adds the KMS key's use where AWS makes it on the caller's behalf. */
  withKey(request: AuthorizationRequest, keyAction: string | undefined, viaService: string): AuthorizationRequest[] {
    const key = keyAction ? this.permissions.encryptionKeyOf(request.resource) : undefined;
    if (!key || !keyAction) return [request];
    return [
      request,
      {
        action: keyAction,
        resource: key,
        context: { 'kms:ViaService': `${viaService}.${DEPLOYED.region}.amazonaws.com`, 'kms:CallerAccount': DEPLOYED.account },
      },
    ];
  }
}

const TABLE_BY_ID = new Map<string, TableDefinition>(TABLES.map((table) => [table.id, table]));

type AttributeMap = Record<string, { S?: string; N?: string } | undefined>;

/** A DynamoDB request on one table: the action, the table (or index), the leading keys it touches. */
function dynamoRequest(
  namer: CallNamer,
  names: LocalResourceNames,
  action: string,
  tableName: string,
  options: { index?: string; items?: readonly (AttributeMap | undefined)[] } = {},
): AuthorizationRequest[] | string {
  const tableId = names.tables[tableName];
  if (!tableId) return `dynamodb:${action} on ${tableName}, a table this host did not create`;
  const definition = TABLE_BY_ID.get(tableId)!;
  const arn = namer.tableArn(tableId);
  const leading = (options.items ?? [])
    .map((item) => item?.[definition.partitionKey.name])
    .map((value) => value?.S ?? value?.N)
    .filter((value): value is string => value !== undefined);
  const context: Record<string, ContextValue> = leading.length > 0 ? { 'dynamodb:LeadingKeys': leading } : {};
  const request = { action: `dynamodb:${action}`, resource: options.index ? `${arn}/index/${options.index}` : arn, context };
  // Every data call reads or writes through the table key (DescribeTable reads the table's description only).
  return namer.withKey(request, action === 'DescribeTable' ? undefined : 'kms:Decrypt', 'dynamodb');
}

interface DynamoBody {
  TableName?: string;
  IndexName?: string;
  Key?: AttributeMap;
  Item?: AttributeMap;
  RequestItems?: Record<
    string,
    { Keys?: AttributeMap[] } | { PutRequest?: { Item: AttributeMap }; DeleteRequest?: { Key: AttributeMap } }[]
  >;
  TransactItems?: Record<string, { TableName: string; Key?: AttributeMap; Item?: AttributeMap }>[];
}

const TRANSACT_ACTIONS: Readonly<Record<string, string>> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
  Get: 'GetItem',
};

/** A DynamoDB operation and its parameters (a recorded call's body, or an AwsCustomResource's parameters). */
export function dynamoRequests(namer: CallNamer, names: LocalResourceNames, operation: string, body: DynamoBody): NamedCall {
  const out: AuthorizationRequest[] = [];
  const add = (result: AuthorizationRequest[] | string): string | undefined => {
    if (typeof result === 'string') return result;
    out.push(...result);
    return undefined;
  };
  let problem: string | undefined;
  switch (operation) {
    case 'GetItem':
    case 'PutItem':
    case 'UpdateItem':
    case 'DeleteItem':
    case 'Query':
    case 'Scan':
    case 'DescribeTable':
      problem = add(
        dynamoRequest(namer, names, operation, body.TableName ?? '', {
          ...(body.IndexName ? { index: body.IndexName } : {}),
          items: [body.Key ?? body.Item],
        }),
      );
      break;
    case 'BatchGetItem':
      for (const [table, request] of Object.entries(body.RequestItems ?? {}))
        problem ??= add(dynamoRequest(namer, names, operation, table, { items: (request as { Keys?: AttributeMap[] }).Keys ?? [] }));
      break;
    case 'BatchWriteItem':
      for (const [table, requests] of Object.entries(body.RequestItems ?? {})) {
        const items = (requests as { PutRequest?: { Item: AttributeMap }; DeleteRequest?: { Key: AttributeMap } }[]).map(
          (request) => request.PutRequest?.Item ?? request.DeleteRequest?.Key,
        );
        problem ??= add(dynamoRequest(namer, names, operation, table, { items }));
      }
      break;
    case 'TransactWriteItems':
    case 'TransactGetItems':
      for (const entry of body.TransactItems ?? []) {
        const [kind, request] = Object.entries(entry)[0]!;
        const action = TRANSACT_ACTIONS[kind];
        if (!action) return { unknown: `dynamodb:${operation} with a ${kind} item` };
        problem ??= add(dynamoRequest(namer, names, action, request.TableName, { items: [request.Key ?? request.Item] }));
      }
      break;
    default:
      return { unknown: `dynamodb:${operation}` };
  }
  return problem ? { unknown: problem } : { requests: out };
}

/** S3's REST calls, path style (/bucket/key): the action by method, the object or bucket ARN. */
function s3Requests(namer: CallNamer, names: LocalResourceNames, call: RecordedAwsCall): NamedCall {
  const url = new URL(call.path, 'http://local');
  const [, bucket = '', ...keyParts] = url.pathname.split('/');
  const construct = names.buckets[bucket];
  if (!construct) return { unknown: `s3 ${call.method} on ${bucket}, a bucket this host did not create` };
  const bucketName = namer.bucketName(construct);
  const key = keyParts.map(decodeURIComponent).join('/');
  const bucketArn = `arn:${DEPLOYED.partition}:s3:::${bucketName}`;
  if (key === '') {
    if (call.method === 'GET' && url.searchParams.has('list-type'))
      return {
        requests: [{ action: 's3:ListBucket', resource: bucketArn, context: { 's3:prefix': url.searchParams.get('prefix') ?? '' } }],
      };
    return { unknown: `s3 ${call.method} ${url.search || '(no query)'} on the bucket` };
  }
  const objectArn = `${bucketArn}/${key}`;
  const object = (action: string, keyAction: string) => namer.withKey({ action, resource: objectArn, context: {} }, keyAction, 's3');
  switch (call.method) {
    case 'GET':
    case 'HEAD': {
      const requests = object('s3:GetObject', 'kms:Decrypt');
      // No such object: only a caller that may list the bucket is told so (404); any other gets 403. What S3
      // checks then is not a listing, so no s3:prefix is given: a grant limited to a prefix is not counted.
      if (call.status === 404) requests.push({ action: 's3:ListBucket', resource: bucketArn, context: {} });
      return { requests };
    }
    case 'PUT':
      return { requests: object('s3:PutObject', 'kms:GenerateDataKey') };
    case 'DELETE':
      return { requests: [{ action: 's3:DeleteObject', resource: objectArn, context: {} }] };
    default:
      return { unknown: `s3 ${call.method} on an object` };
  }
}

/** A recorded call, named as IAM sees it on AWS. */
export function callRequests(namer: CallNamer, names: LocalResourceNames, call: RecordedAwsCall): NamedCall {
  const operation = call.target?.split('.').pop() ?? '';
  switch (call.service) {
    case 'dynamodb':
      return dynamoRequests(namer, names, operation, (call.body ?? {}) as DynamoBody);
    case 's3':
      return s3Requests(namer, names, call);
    case 'states': {
      const arn = (call.body as { stateMachineArn?: string } | undefined)?.stateMachineArn ?? '';
      const construct = names.stateMachines[arn];
      if (!construct) return { unknown: `states:${operation} on ${arn}, a state machine this host does not run` };
      return { requests: [{ action: `states:${operation}`, resource: namer.stateMachineArn(construct), context: {} }] };
    }
    case 'lambda': {
      const name = /^\/2015-03-31\/functions\/([^/]+)\/invocations/.exec(call.path)?.[1];
      const template = name ? names.functions[decodeURIComponent(name)] : undefined;
      if (!template) return { unknown: `lambda ${call.method} ${call.path}` };
      return { requests: [{ action: 'lambda:InvokeFunction', resource: namer.functionArn(template), context: {} }] };
    }
    default:
      return { unknown: `${call.service}:${operation || `${call.method} ${call.path}`}` };
  }
}
