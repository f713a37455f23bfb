/**
 * What a hotel's name says about who runs or markets it rather than which hotel it is: management and
 * collection clauses (", A Fairmont Managed Hotel", ", a Luxury Collection Hotel", ", Autograph
 * Collection", "- Small Luxury Hotels of the World"), "by <group>" ("Courtyard by Marriott", "DoubleTree
 * by Hilton"), star marks ("4*", "****") and asides in brackets ("(formerly Hotel Russell)"). One supplier
 * writes them and the next does not, so they are taken out before names are compared.
 */

/** A clause after a comma or dash naming the hotel's affiliation: ", a(n) ...", ", member of ...", and the city after it. */
const AFFILIATION_CLAUSE = /\s*[,–—|-]\s*(?:an?|part of(?: the)?|member of(?: the)?|a member of(?: the)?)\s+[^,]*(?:,[^,]*)?$/i;

/** Collections and marketing groups written after the name, with or without a comma. */
const COLLECTION_SUFFIX = new RegExp(
  '(?:\\s*[,–—|-]\\s*|\\s+)(?:' +
    [
      'autograph collection(?: hotels?)?',
      'curio collection(?: by hilton)?',
      'tapestry collection(?: by hilton)?',
      'tribute portfolio(?: hotel)?',
      'the unbound collection(?: by hyatt)?',
      'the luxury collection',
      'luxury collection(?: hotel)?',
      'small luxury hotels(?: of the world)?',
      'slh',
      'the leading hotels of the world',
      'leading hotels of the world',
      'design hotels',
      'preferred hotels(?: (?:&|and) resorts)?',
      'mgallery(?: hotel collection| collection| by sofitel)?',
      'relais (?:&|et) ch[aâ]teaux',
      'jdv by hyatt',
    ].join('|') +
    ')\\s*$',
  'i',
);

/** "by Marriott", "by Hilton", ...: the group behind a brand, written or not. */
const BY_GROUP = /\s+by\s+(?:marriott|hilton|hyatt|ihg|wyndham|accor|meli[aá]|radisson|choice|best western|sonder|kempinski|sofitel)\b/gi;

const STAR_MARKS = /\s*(?:\d\s*\*+|\*+|\d\s*(?:stars?|sterne|étoiles|estrellas|stelle)\b)/gi;
const BRACKETED = /\s*[([][^)\]]*[)\]]/g;

export function withoutAffiliations(name: string): string {
  let text = name.replace(BRACKETED, ' ').replace(STAR_MARKS, ' ');
  // Clauses can stack: "X, Autograph Collection, a Marriott hotel".
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(AFFILIATION_CLAUSE, '').replace(COLLECTION_SUFFIX, '');
  }
  text = text.replace(BY_GROUP, ' ').replace(/\s+/g, ' ').trim();
  // A name that was nothing but its affiliation keeps what it had.
  return text.length > 0 ? text : name;
}
