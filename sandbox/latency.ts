import { Rng } from './world/prng.js';

/**
 * Latency of a sandbox supplier: a log-normal distribution given by its median and 95th percentile,
 * which is how supplier latency is usually described. `{ medianMs: 0 }` means no delay (unit tests).
 */
export interface LatencyProfile {
  readonly medianMs: number;
  readonly p95Ms: number;
}

export const NO_LATENCY: LatencyProfile = { medianMs: 0, p95Ms: 0 };
/** Realistic defaults for `npm start`. */
export const DEFAULT_LATENCY: LatencyProfile = { medianMs: 250, p95Ms: 900 };

const Z95 = 1.6448536;

export function latencySampler(profile: LatencyProfile, seed = 1): () => number {
  if (profile.medianMs <= 0) return () => 0;
  const rng = new Rng(seed);
  const mu = Math.log(profile.medianMs);
  const sigma = Math.max(0, Math.log(Math.max(profile.p95Ms, profile.medianMs) / profile.medianMs) / Z95);
  return () => {
    // Box-Muller from two uniforms.
    const u = Math.max(rng.next(), 1e-12);
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
    return Math.round(Math.exp(mu + sigma * z));
  };
}
