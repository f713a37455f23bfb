/**
 * The property mapping workflow's ASL file (what CDK deploys) and the stage list the local host runs
 * (functions/search/mapping/partitioned/workflow-stages.ts) are the same workflow: the same stages in the
 * same order, each in its function, each fan-out a Distributed Map over the items file its stage writes,
 * with the failures it tolerates; every stage after the plan ends a failed run through the Finish stage.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAPPING_DEFINITION_PATH } from '../../lib/property-mapping.js';
import { repositoryPath } from '../../lib/project-paths.js';
import { runFiles } from '../../functions/search/mapping/partitioned/run-files.js';
import { BUSY_WAIT_SECONDS, MAPPING_STAGES, STAGE_ATTEMPTS } from '../../functions/search/mapping/partitioned/workflow-stages.js';

interface State {
  Type: string;
  Next?: string;
  End?: boolean;
  Default?: string;
  Resource?: string;
  Parameters?: { FunctionName?: string; Payload?: Record<string, unknown> };
  ItemReader?: { Resource: string; ReaderConfig: { InputType: string }; Parameters: Record<string, string> };
  ItemProcessor?: { ProcessorConfig: { Mode: string; ExecutionType: string }; StartAt: string; States: Record<string, State> };
  ToleratedFailurePercentage?: number;
  MaxConcurrency?: number;
  ResultWriter?: { Resource: string; Parameters: Record<string, string> };
  Retry?: { ErrorEquals: string[]; MaxAttempts: number }[];
  Catch?: { ErrorEquals: string[]; Next: string }[];
  Choices?: { Next: string }[];
  Seconds?: number;
}

const definition = JSON.parse(readFileSync(repositoryPath(MAPPING_DEFINITION_PATH), 'utf8')) as {
  StartAt: string;
  States: Record<string, State>;
};
const functionOf = (state: State) =>
  /^\$\{Mapping(Reader|Matcher|Writer)Arn\}$/.exec(state.Parameters?.FunctionName ?? '')?.[1]?.toLowerCase();

/** The Task and Map states from StartAt, following Next (a Choice's Default), in order. */
function stagesInOrder(): [string, State][] {
  const out: [string, State][] = [];
  const seen = new Set<string>();
  let at: string | undefined = definition.StartAt;
  while (at && !seen.has(at)) {
    seen.add(at);
    const state: State = definition.States[at]!;
    if (state.Type === 'Task' || state.Type === 'Map') out.push([at, state]);
    at = state.Type === 'Choice' ? state.Default : state.Next;
  }
  return out;
}

describe('the property mapping ASL', () => {
  it('runs the stages of workflow-stages.ts, in order, each in its function', () => {
    const stages = stagesInOrder();
    expect(stages.map(([name]) => name)).toEqual(MAPPING_STAGES.map((s) => s.name));
    for (const [name, state] of stages) {
      const stage = MAPPING_STAGES.find((s) => s.name === name)!;
      expect(state.Type, name).toBe(stage.kind === 'map' ? 'Map' : 'Task');
      const task = stage.kind === 'map' ? Object.values(state.ItemProcessor!.States).find((s) => s.Type === 'Task')! : state;
      expect(task.Resource, name).toBe('arn:aws:states:::lambda:invoke');
      expect(functionOf(task), name).toBe(stage.fn);
      expect(task.Parameters!.Payload!.stage, name).toBe(name);
      expect(task.Retry, name).toEqual([expect.objectContaining({ ErrorEquals: ['States.ALL'], MaxAttempts: STAGE_ATTEMPTS - 1 })]);
    }
  });

  it('fans each map stage out as a Distributed Map of Standard children over the items file its stage before wrote', () => {
    const runId = '20260101T000000Z-abcdef';
    for (const stage of MAPPING_STAGES) {
      if (stage.kind !== 'map') continue;
      const state = definition.States[stage.name]!;
      expect(state.ItemProcessor!.ProcessorConfig).toEqual({ Mode: 'DISTRIBUTED', ExecutionType: 'STANDARD' });
      expect(state.ToleratedFailurePercentage, stage.name).toBe(stage.toleratedFailurePercentage);
      expect(state.MaxConcurrency, stage.name).toBeGreaterThan(0);
      expect(state.ItemReader).toMatchObject({ Resource: 'arn:aws:states:::s3:getObject', ReaderConfig: { InputType: 'JSON' } });
      expect(state.ItemReader!.Parameters.Bucket).toBe(`\${MappingBucket}`);
      // The key the ASL builds from the run id is the key the stage writes its items to.
      const format = /^States\.Format\('([^']*)', \$\.runId\)$/.exec(state.ItemReader!.Parameters['Key.$']!)![1]!;
      expect(format.replace('{}', runId), stage.name).toBe(runFiles(runId).items(stage.items));
      if (stage.toleratedFailurePercentage > 0) expect(state.ResultWriter?.Resource, stage.name).toBe('arn:aws:states:::s3:putObject');
    }
    // A slice is read a segment at a time: the child calls the reader again until the slice is read.
    const read = definition.States.Read!.ItemProcessor!;
    const choice = Object.values(read.States).find((s) => s.Type === 'Choice')!;
    expect(choice.Default).toBe(read.StartAt);
  });

  it('ends a run failing after its plan through Finish, with the error, and waits its turn for the lock', () => {
    for (const [name, state] of stagesInOrder()) {
      if (name === 'Plan' || name === 'Finish') continue;
      expect(state.Catch, name).toEqual([expect.objectContaining({ ErrorEquals: ['States.ALL'], Next: 'FinishFailed' })]);
    }
    const finishFailed = definition.States.FinishFailed!;
    expect(finishFailed.Parameters!.Payload).toMatchObject({ stage: 'Finish', 'error.$': '$.error' });
    expect(definition.States[finishFailed.Next!]!.Type).toBe('Fail');
    const busy = definition.States['Busy?']!;
    const wait = definition.States[busy.Choices![0]!.Next]!;
    expect(wait).toMatchObject({ Type: 'Wait', Seconds: BUSY_WAIT_SECONDS, Next: 'Plan' });
  });
});
