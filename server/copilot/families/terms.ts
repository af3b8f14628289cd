/** Words to a tsquery that needs them all; the words are letters and digits only (the parser's tokens). */
export function tsAnd(terms: readonly string[]): string {
  return terms
    .map((t) => t.replace(/[^a-z0-9]/g, ''))
    .filter((t) => t !== '')
    .join(' & ');
}
