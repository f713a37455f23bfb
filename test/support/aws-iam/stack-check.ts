/**
 * One synthesized stack, ready to decide each AWS call its functions and custom resources make: its values
 * once deployed, its policies, and the namer that turns a call into what IAM authorizes.
 */
import type { SynthesizedTemplate } from '../../../local/synthesized-template.js';
import { CallNamer, type NamedCall } from './call-requests.js';
import { StackPermissions } from './stack-permissions.js';
import { TemplateValues } from './template-values.js';

export interface StackCheck {
  readonly values: TemplateValues;
  readonly permissions: StackPermissions;
  readonly namer: CallNamer;
  /** What a call may not do as `role`, one line each naming the action, the resource and why; empty when all is allowed. */
  refusals(role: string, named: NamedCall): string[];
}

export function stackCheck(template: SynthesizedTemplate, stackName: string): StackCheck {
  const values = new TemplateValues(template, stackName);
  const permissions = new StackPermissions(values);
  const namer = new CallNamer(values, permissions);
  return {
    values,
    permissions,
    namer,
    refusals(role, named) {
      if ('unknown' in named) return [`a call this check cannot name: ${named.unknown}`];
      return named.requests.flatMap((request) => {
        const decision = permissions.decide(role, request);
        return decision.allowed ? [] : [`${request.action} on ${request.resource}: ${decision.reason}`];
      });
    },
  };
}
