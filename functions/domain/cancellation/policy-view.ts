/** A cancellation policy as the API shows it: each penalty's amount a JSON number written from its exact decimal. */
import type { CancellationPenalty } from './cancellation-penalty.js';

export type PolicyView = readonly { readonly from: string; readonly penalty: { readonly amount: number; readonly currency: string } }[];

const num = (decimal: string): number => Number(decimal);

export function policyView(policy: readonly CancellationPenalty[]): PolicyView {
  return policy.map((p) => ({ from: p.from, penalty: { amount: num(p.penalty.amount), currency: p.penalty.currency } }));
}
