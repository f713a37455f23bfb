/** Reads the synthesized template the way a reviewer would: methods by their full path, policies by role. */
import type { Template } from 'aws-cdk-lib/assertions';

export interface CfnResource {
  readonly Type: string;
  readonly Properties: Record<string, unknown>;
  readonly DeletionPolicy?: string;
  readonly UpdateReplacePolicy?: string;
  readonly DependsOn?: string | string[];
}

type Ref = { Ref: string };
type GetAtt = { 'Fn::GetAtt': [string, string] };

export function resourcesOfType(template: Template, type: string): Record<string, CfnResource> {
  return template.findResources(type) as Record<string, CfnResource>;
}

/** Every API Gateway method keyed "<METHOD> <full path>", e.g. "POST /v1/hotels/search". */
export function methodsByRoute(template: Template): Map<string, Record<string, unknown>> {
  const apiResources = resourcesOfType(template, 'AWS::ApiGateway::Resource');
  const pathOf = (resourceId: unknown): string => {
    const logicalId = (resourceId as Ref).Ref;
    const resource = apiResources[logicalId];
    if (!resource) return ''; // the API's root resource
    return `${pathOf(resource.Properties.ParentId)}/${String(resource.Properties.PathPart)}`;
  };
  const methods = new Map<string, Record<string, unknown>>();
  for (const method of Object.values(resourcesOfType(template, 'AWS::ApiGateway::Method'))) {
    const parent = method.Properties.ResourceId as Ref | { 'Fn::GetAtt': [string, string] };
    const path = 'Ref' in parent ? pathOf(parent) : '/';
    methods.set(`${String(method.Properties.HttpMethod)} ${path}`, method.Properties);
  }
  return methods;
}

/** The logical id a Ref or Fn::GetAtt points at. */
export function referencedId(value: unknown): string | undefined {
  if (value && typeof value === 'object') {
    if ('Ref' in value) return (value as Ref).Ref;
    if ('Fn::GetAtt' in value) return (value as GetAtt)['Fn::GetAtt'][0];
  }
  return undefined;
}

export interface PolicyStatementJson {
  readonly Effect: string;
  readonly Action: string | string[];
  readonly Resource: unknown;
  readonly Condition?: unknown;
}

/** All statements of the inline policies attached to a role. */
export function statementsOfRole(template: Template, roleLogicalId: string): PolicyStatementJson[] {
  return Object.values(resourcesOfType(template, 'AWS::IAM::Policy'))
    .filter((policy) => (policy.Properties.Roles as unknown[]).some((role) => referencedId(role) === roleLogicalId))
    .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: PolicyStatementJson[] }).Statement);
}

export function actionsOf(statement: PolicyStatementJson): string[] {
  return Array.isArray(statement.Action) ? statement.Action : [statement.Action];
}

export function resourcesOf(statement: PolicyStatementJson): unknown[] {
  return Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];
}

/** Logical ids referenced anywhere inside a value (Ref and Fn::GetAtt), e.g. the tables a statement names. */
export function referencedIds(value: unknown): Set<string> {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const id = referencedId(node);
      if (id) found.add(id);
      Object.values(node).forEach(walk);
    }
  };
  walk(value);
  return found;
}
