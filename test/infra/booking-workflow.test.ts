import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_DEFINITION_PATH } from '../../lib/booking-workflow.js';
import { repositoryPath } from '../../lib/project-paths.js';
import { logicalIdOf, synthesize, type Synthesis } from './synthesize.js';
import { actionsOf, resourcesOfType, statementsOfRole } from './template-queries.js';

let synthesis: Synthesis;
beforeAll(() => {
  synthesis = synthesize();
});
afterAll(() => synthesis?.cleanUp());

/** The booking workflow (the property mapping workflow is the stack's other state machine). */
const stateMachine = () =>
  resourcesOfType(synthesis.template, 'AWS::StepFunctions::StateMachine')[logicalIdOf(synthesis.stack.bookingWorkflow.stateMachine)]!
    .Properties;

describe('booking state machine', () => {
  it('is an Express workflow deploying the ASL file unchanged, the flow function ARN substituted', () => {
    const properties = stateMachine();
    expect(properties.StateMachineType).toBe('EXPRESS');
    expect(properties.DefinitionString).toBe(readFileSync(repositoryPath(BOOKING_DEFINITION_PATH), 'utf8'));
    expect(properties.DefinitionSubstitutions).toEqual({
      BookingFlowFunctionArn: { 'Fn::GetAtt': [logicalIdOf(synthesis.stack.functions.bookingFlow.function), 'Arn'] },
    });
  });

  it('may invoke the flow function, and no other function', () => {
    const roleId = logicalIdOf(synthesis.stack.bookingWorkflow.stateMachine.role);
    const invokes = statementsOfRole(synthesis.template, roleId).filter((s) => actionsOf(s).some((a) => a.startsWith('lambda:')));
    expect(invokes).toEqual([
      {
        Effect: 'Allow',
        Action: 'lambda:InvokeFunction',
        Resource: { 'Fn::GetAtt': [logicalIdOf(synthesis.stack.functions.bookingFlow.function), 'Arn'] },
      },
    ]);
  });

  it('logs every event (without execution data) to its log group and traces with X-Ray', () => {
    const properties = stateMachine();
    expect(properties.TracingConfiguration).toEqual({ Enabled: true });
    const logGroupId = logicalIdOf(synthesis.stack.bookingWorkflow.node.findChild('Logs'));
    expect(properties.LoggingConfiguration).toEqual({
      Level: 'ALL',
      IncludeExecutionData: false,
      Destinations: [{ CloudWatchLogsLogGroup: { LogGroupArn: { 'Fn::GetAtt': [logGroupId, 'Arn'] } } }],
    });
  });
});

describe('signing key', () => {
  it('is made once by a custom resource run by the rotation job, which a schedule runs again', () => {
    // A sandbox stack holds one credentials secret per sandbox supplier, and the search secret; no signing key secret.
    const supplierSecrets = synthesis.stack.sandboxSuppliers?.suppliers.length ?? 0;
    synthesis.template.resourceCountIs('AWS::SecretsManager::Secret', 1 + supplierSecrets);
    const keys = Object.values(resourcesOfType(synthesis.template, 'Custom::SigningKey'));
    expect(keys).toHaveLength(1);
    const job = logicalIdOf(synthesis.stack.signingKey.job.function);
    const rule = resourcesOfType(synthesis.template, 'AWS::Events::Rule')[logicalIdOf(synthesis.stack.signingKey.schedule)];
    expect(rule?.Properties.ScheduleExpression).toBe('rate(30 days)');
    expect(JSON.stringify(rule?.Properties.Targets)).toContain(job);
  });

  it('exists before the functions that read it are created', () => {
    const keyId = logicalIdOf(synthesis.stack.signingKey.initialized);
    for (const reader of [synthesis.stack.functions.groups.auth, synthesis.stack.functions.authorizer]) {
      const resource = resourcesOfType(synthesis.template, 'AWS::Lambda::Function')[logicalIdOf(reader.function)];
      expect([resource?.DependsOn ?? []].flat()).toContain(keyId);
    }
  });
});
