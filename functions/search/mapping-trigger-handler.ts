/**
 * Entry of the mapping trigger: the contracts table's stream (filtered to contract items written) starts a
 * mapping run for the suppliers whose contracts the operator added or changed, so a new contract is mapped
 * within minutes, not at the next night's run (mapping/partitioned/contract-runs.ts).
 */
import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../shared/observability.js';
import { stepFunctionsClient } from '../shared/step-functions.js';
import { mappingTriggerConfig } from './mapping-job-config.js';
import { contractRun } from './mapping/partitioned/contract-runs.js';

const config = mappingTriggerConfig();

export async function handler(event: DynamoDBStreamEvent, context: Context): Promise<void> {
  logger.addContext(context);
  const run = contractRun(event, config.tenant, new Date());
  if (!run) return;
  try {
    const started = await stepFunctionsClient().send(
      new StartExecutionCommand({ stateMachineArn: config.workflowArn, name: run.name, input: JSON.stringify(run.request) }),
    );
    logger.info('mapping run started for changed contracts', { suppliers: run.request.suppliers, executionArn: started.executionArn });
  } catch (error) {
    // The same records delivered again: their run was started the first time.
    if ((error as Error).name === 'ExecutionAlreadyExists') return;
    throw error;
  }
}
