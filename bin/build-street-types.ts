/**
 * `npx tsx bin/build-street-types.ts <libpostal git dir or checkout>`: derives the address dictionary the
 * matcher reads (functions/search/mapping/address-dictionary.json) from libpostal's published dictionaries
 * (https://github.com/openvenues/libpostal, MIT License, Copyright (c) 2015 openvenues). Run by hand after
 * fetching a newer libpostal; the JSON is committed and names the commit it came from.
 *
 * What is taken, and why only that:
 * - per language, street types (`street_types.txt`) and the separable street suffixes German, Dutch and
 *   the Nordic languages glue to the name (`concatenated_suffixes_separable.txt`: "Grunerstr." is
 *   "Gruner" + "straße"), each as `canonical|variant|...`, folded to the lower-case ASCII words the matcher
 *   compares (any-ascii, as the matcher folds names); phrases of several words are left out (the matcher
 *   compares word by word);
 * - per language, unit and floor words (`unit_types_numbered.txt`, `level_types_numbered.txt`): "Suite 200",
 *   "2nd floor", "Piso 3" say where in the building, never which building, so the matcher drops them;
 * - per language, its glue words (`stopwords.txt`: "de", "la", "of"), which suppliers keep or drop;
 * - per country, its languages (`resources/language/countries/country_language.tsv`: official ones, the
 *   most spoken, and any spoken by 5 % or more), so "St" is read as an English street and "C/" as a Spanish calle only where they are.
 * Lines without a variant are kept for street types (the matcher must know "Straße" is a type to find the
 * street's own name), and left out for units (only variants are noise worth naming).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import anyAscii from 'any-ascii';
import { repositoryPath } from '../lib/project-paths.js';
import { answerHelp } from './cli-help.js';

const OUTPUT = 'functions/search/mapping/address-dictionary.json';
const USAGE = `usage: npx tsx bin/build-street-types.ts <libpostal git dir or checkout>

Derives the matcher's address dictionary (${OUTPUT}) from libpostal's published dictionaries:
street types, separable street suffixes, unit and floor words, glue words, and each country's languages.

Exit codes: 0 written, 1 the build failed, 2 usage.`;
answerHelp(USAGE);
const source = process.argv[2];
if (!source) {
  console.error(USAGE);
  process.exit(2);
}
const bare = !existsSync(join(source, 'resources'));
const git = (...args: string[]) =>
  execFileSync('git', bare ? [`--git-dir=${source}`, ...args] : ['-C', source, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
const commit = git('rev-parse', 'HEAD').trim();
const read = (path: string): string | undefined => {
  try {
    return git('show', `HEAD:${path}`);
  } catch {
    return undefined;
  }
};

/** The matcher's own folding of a word: transliterated, lower-case, letters and digits only. */
const fold = (text: string) =>
  anyAscii(text)
    .toLowerCase()
    .replace(/['’`.]/g, '')
    .trim();
const isWord = (text: string) => /^[a-z0-9]+$/.test(text);

function dictionary(lang: string, file: string, keepLonely: boolean): string[] {
  const text = read(`resources/dictionaries/${lang}/${file}`);
  if (!text) return [];
  const lines: string[] = [];
  for (const raw of text.split('\n')) {
    const forms = [...new Set(raw.split('|').map(fold).filter(isWord))];
    if (forms.length === 0 || (!keepLonely && forms.length < 2)) continue;
    lines.push(forms.join('|'));
  }
  // Native and transliterated spellings often fold to the same words: one line each.
  return [...new Set(lines)];
}

const languages =
  read('resources/dictionaries/README.md') !== undefined
    ? git('ls-tree', '--name-only', 'HEAD:resources/dictionaries/')
        .split('\n')
        .filter((name) => /^[a-z]{2,3}$/.test(name))
    : [];
const streetTypes: Record<string, string[]> = {};
const streetSuffixes: Record<string, string[]> = {};
const unitWords: Record<string, string[]> = {};
const stopwords: Record<string, string[]> = {};
for (const lang of languages) {
  const types = dictionary(lang, 'street_types.txt', true);
  if (types.length > 0) streetTypes[lang] = types;
  const suffixes = dictionary(lang, 'concatenated_suffixes_separable.txt', false);
  if (suffixes.length > 0) streetSuffixes[lang] = suffixes;
  const units = [...dictionary(lang, 'unit_types_numbered.txt', true), ...dictionary(lang, 'level_types_numbered.txt', true)];
  if (units.length > 0) unitWords[lang] = units;
  // Glue words ("de", "la", "of", "von der"): single letters are left out, they are too often initials.
  const glue = [
    ...new Set(
      dictionary(lang, 'stopwords.txt', true)
        .flatMap((line) => line.split('|'))
        .filter((word) => word.length >= 2),
    ),
  ];
  if (glue.length > 0) stopwords[lang] = glue;
}

// country_language.tsv: country, language, script, share of speakers (%), official (1/0).
const countries: Record<string, string[]> = {};
/** A regional language this widespread writes street names too (Catalan in Spain: "Carrer de Balmes"). */
const REGIONAL_SHARE = 5;
const rows = (read('resources/language/countries/country_language.tsv') ?? '').split('\n').map((line) => line.split('\t'));
const byCountry = new Map<string, { lang: string; share: number; official: boolean }[]>();
for (const [country, lang, , share, official] of rows) {
  if (!country || !lang) continue;
  const list = byCountry.get(country) ?? [];
  list.push({ lang, share: Number(share ?? 0), official: official?.trim() === '1' });
  byCountry.set(country, list);
}
for (const [country, list] of [...byCountry].sort(([a], [b]) => (a < b ? -1 : 1))) {
  const top = [...list].sort((a, b) => b.share - a.share)[0];
  const chosen = list
    .filter((entry) => entry.official || entry === top || entry.share >= REGIONAL_SHARE)
    .map((entry) => entry.lang)
    .filter((lang) => streetTypes[lang]);
  if (chosen.length > 0) countries[country.toUpperCase()] = [...new Set(chosen)];
}

const output = {
  source: {
    repository: 'https://github.com/openvenues/libpostal',
    commit,
    license: 'MIT License, Copyright (c) 2015 openvenues',
    files:
      'resources/dictionaries/<lang>/{street_types,concatenated_suffixes_separable,unit_types_numbered,level_types_numbered,stopwords}.txt, resources/language/countries/country_language.tsv',
    built: 'npx tsx bin/build-street-types.ts <libpostal git dir>',
  },
  countries,
  streetTypes,
  streetSuffixes,
  unitWords,
  stopwords,
};
const text = `${JSON.stringify(output)}\n`;
writeFileSync(repositoryPath(OUTPUT), text);
console.log(
  `wrote ${OUTPUT} from libpostal ${commit}: ${Object.keys(streetTypes).length} languages, ${Object.keys(countries).length} countries, ${Buffer.byteLength(text)} bytes`,
);
