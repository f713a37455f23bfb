/**
 * DejaVu Sans (regular and bold) for the voucher: the standard PDF fonts are WinAnsi only, and guest names
 * come in any Latin, Greek or Cyrillic script. The bytes are read once per container and kept.
 *
 * Where the TTFs are: VOUCHER_FONT_DIR when the vouchers function's configuration sets it (the Lambda bundle
 * carries DejaVuSans.ttf and DejaVuSans-Bold.ttf next to the code and points this at them); otherwise the
 * dejavu-fonts-ttf package in node_modules (local host, tests).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

export const VOUCHER_FONT_FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;

export interface VoucherFontBytes {
  readonly regular: Uint8Array;
  readonly bold: Uint8Array;
}

/** The directory, from the vouchers function's VOUCHER_FONT_DIR (vouchers-config.ts) when set. */
export function voucherFontDir(config: { readonly VOUCHER_FONT_DIR?: string | undefined }): string {
  const configured = config.VOUCHER_FONT_DIR?.trim();
  if (configured) return resolve(configured);
  // Resolved lazily: in the bundle there is no node_modules, and this line is never reached there.
  try {
    return join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  } catch (error) {
    throw new Error(
      `Voucher fonts not found: set VOUCHER_FONT_DIR to a directory holding ${Object.values(VOUCHER_FONT_FILES).join(' and ')}`,
      { cause: error },
    );
  }
}

let loading: Promise<VoucherFontBytes> | undefined;

export function loadVoucherFonts(fontDir?: string): Promise<VoucherFontBytes> {
  loading ??= (async () => {
    const dir = voucherFontDir({ VOUCHER_FONT_DIR: fontDir });
    const [regular, bold] = await Promise.all([
      readFile(join(dir, VOUCHER_FONT_FILES.regular)),
      readFile(join(dir, VOUCHER_FONT_FILES.bold)),
    ]);
    return { regular, bold };
  })().catch((error: unknown) => {
    loading = undefined; // a failed read is not cached: the next voucher tries again
    throw error;
  });
  return loading;
}
