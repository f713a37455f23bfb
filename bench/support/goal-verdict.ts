/**
 * The line an overhead benchmark ends with: its goal, then "goal met" or the gap and what took the time,
 * from the same run's figures. A stage is ours (what Lambda runs) or a stand-in for what AWS runs (the local
 * gateway, the local Step Functions runner, loopback HTTP): the verdict names the largest of each kind, so a
 * gap the machine's stand-ins make is not read as one our code makes.
 */
export interface Stage {
  readonly name: string;
  /** Its p50 in the run, ms. */
  readonly ms: number;
  readonly ours: boolean;
}

/**
 * `split`: the p50 of each request's own part and of the stand-ins' part (each request's two add up to its
 * overhead; their p50s need not add up to the overhead's p50, nor the stages' p50s to either).
 */
export function goalVerdict(
  what: string,
  goalMs: number,
  measuredMs: number,
  stages: readonly Stage[],
  split: { readonly ours: number; readonly standIns: number },
): string {
  const head = `goal: ${what} ≤ ${goalMs} ms: `;
  const largest = (ours: boolean) => [...stages].filter((stage) => stage.ours === ours).sort((a, b) => b.ms - a.ms)[0];
  const { ours } = split;
  const splitText = `ours p50 ${ours.toFixed(1)} ms, the local stand-ins p50 ${split.standIns.toFixed(1)} ms`;
  if (measuredMs <= goalMs) return `${head}goal met (p50 ${measuredMs.toFixed(1)} ms; ${splitText})`;
  const ourLargest = largest(true);
  const theirLargest = largest(false);
  return (
    `${head}NOT met: p50 ${measuredMs.toFixed(1)} ms, ${(measuredMs - goalMs).toFixed(1)} ms over; ${splitText}. ` +
    `The largest stage of ours: ${ourLargest ? `${ourLargest.name} ${ourLargest.ms.toFixed(1)} ms` : 'none'}; ` +
    `of the stand-ins: ${theirLargest ? `${theirLargest.name} ${theirLargest.ms.toFixed(1)} ms` : 'none'}` +
    (ours <= goalMs ? `; ours alone is within the goal` : '')
  );
}
