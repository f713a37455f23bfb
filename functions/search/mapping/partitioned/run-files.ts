/**
 * The objects of one mapping run, under `runs/<runId>/`. A stage writes only its own; the manifest
 * (run-plan.ts) points at the run whose files are a partition's latest good state, so a later run reads
 * them instead of redoing their work.
 */
import { bucketName } from './partition-layout.js';

export function runFiles(runId: string) {
  const root = `runs/${runId}`;
  const b = bucketName;
  return {
    root,
    plan: `${root}/plan.json.gz`,
    /** The workflow's item lists (plain JSON arrays: a Distributed Map's ItemReader reads them as they are). */
    items: (stage: 'read' | 'keys' | 'partitions' | 'destinations') => `${root}/items/${stage}.json`,
    segment: (segment: string) => `${root}/segments/${segment}.json.gz`,
    segments: `${root}/segments/`,
    deltaGeo: (bucket: number, segment: string) => `${root}/delta/geo/${b(bucket)}/${segment}.jsonl.gz`,
    deltaGeoOf: (bucket: number) => `${root}/delta/geo/${b(bucket)}/`,
    deltaKeys: (keyBucket: number, segment: string) => `${root}/delta/keys/${b(keyBucket)}/${segment}.jsonl.gz`,
    deltaKeysOf: (keyBucket: number) => `${root}/delta/keys/${b(keyBucket)}/`,
    changed: `${root}/changed.json.gz`,
    keys: (keyBucket: number) => `${root}/keys/${b(keyBucket)}.jsonl.gz`,
    frequency: (keyBucket: number) => `${root}/frequency/${b(keyBucket)}.json.gz`,
    messages: (bucket: number, keyBucket: number) => `${root}/messages/${b(bucket)}/${b(keyBucket)}.json.gz`,
    messagesOf: (bucket: number) => `${root}/messages/${b(bucket)}/`,
    weights: `${root}/weights.json.gz`,
    geo: (bucket: number) => `${root}/geo/${b(bucket)}.jsonl.gz`,
    match: (bucket: number) => `${root}/match/${b(bucket)}.json.gz`,
    openContent: (bucket: number) => `${root}/open-content/${b(bucket)}.jsonl.gz`,
    ids: (bucket: number) => `${root}/ids/${b(bucket)}.json.gz`,
    settled: `${root}/settled.json.gz`,
    dest: (destinationBucket: number, bucket: number) => `${root}/dest/${b(destinationBucket)}/${b(bucket)}.jsonl.gz`,
    written: (bucket: number) => `${root}/written/${b(bucket)}.json.gz`,
    indexed: (destinationBucket: number) => `${root}/indexed/${b(destinationBucket)}.json.gz`,
    report: `${root}/report.json.gz`,
  };
}

export type RunFiles = ReturnType<typeof runFiles>;
