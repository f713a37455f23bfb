/** Board basis codes spelled out for the guest. */
import type { VoucherContent } from './voucher-content.js';

export type BoardBasis = VoucherContent['rooms'][number]['boardBasis'];

export const BOARD_BASIS_LABEL: Readonly<Record<BoardBasis, string>> = {
  RO: 'Room only',
  BB: 'Bed and breakfast',
  HB: 'Half board',
  FB: 'Full board',
  AI: 'All inclusive',
};
