/**
 * Files a function reads at run time, which esbuild cannot bundle: copied into `dir` of the function's
 * package (/var/task/<dir> on Lambda), with the environment that tells the code where they are. Locally
 * the code finds them in node_modules instead.
 */
export interface FunctionAssets {
  /** Repository paths. */
  readonly files: readonly string[];
  readonly dir: string;
  readonly environment: Readonly<Record<string, string>>;
}

/** The voucher renderer's fonts (functions/booking/voucher/render/voucher-fonts.ts). */
export const VOUCHER_FONT_ASSETS: FunctionAssets = {
  files: ['node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf', 'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'],
  dir: 'fonts',
  environment: { VOUCHER_FONT_DIR: '/var/task/fonts' },
};

/** The API reference page's renderer, Scalar's standalone build (functions/docs/scalar-script.ts). */
export const DOCS_SCRIPT_ASSETS: FunctionAssets = {
  files: ['node_modules/@scalar/api-reference/dist/browser/standalone.js'],
  dir: 'scalar',
  environment: { DOCS_SCRIPT_PATH: '/var/task/scalar/standalone.js' },
};
