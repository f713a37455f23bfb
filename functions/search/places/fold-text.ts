/**
 * How the type-ahead compares text: every script written in Latin letters (any-ascii: "Москва" is
 * "moskva", "東京" "dongjing", "Αθήνα" "athina"), accents and case gone, and German umlauts equal to their
 * two-letter spellings ("München", "Munchen" and "Muenchen" are all "munchen"). The build folds the
 * catalogue's other names with this same function (bin/destinations/place-names.ts), so a change here is a
 * change of the artefact: `npm run build:destinations`, which a test insists on.
 *
 * The umlaut rule drops an "e" after a, o or u everywhere ("queen" is "qun"): applied alike to what is
 * indexed and what is typed, it only ever merges spellings, and a prefix of a word still folds to a prefix
 * of the word's fold, which prefix search needs.
 */
import anyAscii from 'any-ascii';

const UMLAUT_SPELLING = /([aou])e/g;
const NOT_LETTER_OR_DIGIT = /[^a-z0-9]+/g;

/** The folded text: lower-case ASCII letters and digits, words separated by one space. */
export function foldText(text: string): string {
  return anyAscii(text.normalize('NFC')).toLowerCase().replace(UMLAUT_SPELLING, '$1').replace(NOT_LETTER_OR_DIGIT, ' ').trim();
}

/** The folded words of a text. */
export function foldWords(text: string): string[] {
  const folded = foldText(text);
  return folded === '' ? [] : folded.split(' ');
}
