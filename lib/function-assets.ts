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

/**
 * Data files the code reads beside its own module (`new URL('./name', import.meta.url)`) rather than bundles:
 * the destination catalogue (386 KB a bundle would otherwise carry and evaluate at every cold start) and the
 * type-ahead's place names. In the
 * repository they lie beside that module; each is copied beside every bundle that names it, and only those.
 */
export const DATA_FILES_BESIDE_CODE: readonly string[] = [
  'functions/domain/destinations/catalogue.json',
  // The type-ahead's other names and sizes of the catalogue's places (553 KB), read at the first type-ahead.
  'functions/search/places/place-names.json',
];
