/**
 * The mapping workflow's stages in order: statemachines/property-mapping.asl.json runs them on AWS (Step
 * Functions; each `map` stage a Distributed Map over the items file the stage before wrote) and the local
 * host runs the same list on worker threads (local/mapping-workflow.ts). test/unit/mapping-asl.test.ts
 * holds the ASL file to this list, so the two cannot drift.
 *
 * Each stage runs in one of three functions, by what it may touch: the reader (contracts, supplier
 * credentials, the run lock), the matcher (the work objects, the property map read-only), the writer (the
 * property map and destination index, the run log).
 */
export type MappingFunction = 'reader' | 'matcher' | 'writer';
export type ItemsFile = 'read' | 'keys' | 'partitions' | 'destinations';

export interface TaskStage {
  readonly name: StageName;
  readonly kind: 'task';
  readonly fn: MappingFunction;
}

export interface MapStage {
  readonly name: StageName;
  readonly kind: 'map';
  readonly fn: MappingFunction;
  readonly items: ItemsFile;
  /** Items whose child fails after its retries, in percent, the run carries on past (their partitions stay as they were). */
  readonly toleratedFailurePercentage: number;
  /** The item is called again with its own answer until it answers `done` (a supplier slice read a segment at a time). */
  readonly loop?: boolean;
}

export type Stage = TaskStage | MapStage;

export const STAGE_NAMES = ['Plan', 'Read', 'Index', 'Keys', 'Weights', 'Match', 'Settle', 'Write', 'Destinations', 'Finish'] as const;
export type StageName = (typeof STAGE_NAMES)[number];

export const MAPPING_STAGES: readonly Stage[] = [
  { name: 'Plan', kind: 'task', fn: 'reader' },
  { name: 'Read', kind: 'map', fn: 'reader', items: 'read', toleratedFailurePercentage: 0, loop: true },
  { name: 'Index', kind: 'task', fn: 'matcher' },
  { name: 'Keys', kind: 'map', fn: 'matcher', items: 'keys', toleratedFailurePercentage: 0 },
  { name: 'Weights', kind: 'task', fn: 'matcher' },
  { name: 'Match', kind: 'map', fn: 'matcher', items: 'partitions', toleratedFailurePercentage: 10 },
  { name: 'Settle', kind: 'task', fn: 'matcher' },
  { name: 'Write', kind: 'map', fn: 'writer', items: 'partitions', toleratedFailurePercentage: 10 },
  { name: 'Destinations', kind: 'map', fn: 'writer', items: 'destinations', toleratedFailurePercentage: 0 },
  { name: 'Finish', kind: 'task', fn: 'writer' },
];

/** Attempts of a failed stage call (the first and its retries), as the ASL's Retry has them. */
export const STAGE_ATTEMPTS = 3;
/** How long a run waits between tries for the lock another run holds, and how many tries it makes. */
export const BUSY_WAIT_SECONDS = 60;
export const BUSY_WAIT_TRIES = 240;
