/** Whether text is written with letters of a script other than Latin (Cyrillic, Greek, Arabic, Han, ...). */
export function inOtherScript(text: string): boolean {
  return /[^\p{Script=Latin}\P{L}]/u.test(text);
}
