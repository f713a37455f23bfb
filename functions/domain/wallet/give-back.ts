/**
 * What a booking that ends without standing (failed, or undone after its supplier confirmed) gives back to
 * its wallet: whatever it took. A hold still held is released; a captured one is refunded in full, for
 * what the capture paid (a refund made before is not made twice: it has the same key); a hold released
 * before, or none, gives back nothing.
 */
import { capturedOf, type WalletHold } from './wallet-hold.js';

export type GiveBack =
  | { readonly kind: 'release' }
  | { readonly kind: 'refund'; readonly amountMinor: number }
  | { readonly kind: 'nothing' };

export function whatToGiveBack(hold: WalletHold | undefined): GiveBack {
  if (hold?.status === 'held') return { kind: 'release' };
  if (hold?.status === 'captured') return { kind: 'refund', amountMinor: capturedOf(hold) };
  return { kind: 'nothing' };
}
