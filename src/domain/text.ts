/** Small text rules used by the views. */

/** Up to two capital letters: the first letters of the first and last words ('Ana Maria Diaz' → 'AD'). */
export function initials(name: string): string {
  // The first character (code point) of each word: a non-space one with no non-space one before it.
  const [first, ...rest] = Array.from(name.matchAll(/(?<!\S)\S/gu), ([letter]) => letter.toLocaleUpperCase('en-US'));
  const last = rest.pop();
  if (first === undefined) return '';
  return last === undefined ? first : `${first}${last}`;
}

/** First character upper-cased, the rest unchanged ('pro' → 'Pro'). */
export function capitalize(value: string): string {
  const [first, ...rest] = Array.from(value);
  return first === undefined ? '' : `${first.toLocaleUpperCase('en-US')}${rest.join('')}`;
}
