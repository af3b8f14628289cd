/** Small text rules used by the views. */

/** Up to two capital letters: the first letters of the first and last words ('Ana Maria Diaz' → 'AD'). */
export function initials(name: string): string {
  // Stryker disable MethodExpression,Regex,ConditionalExpression,StringLiteral: equivalent, the trim, the '+' and the filter each only remove empty words, and an empty first word gives '' as no word does
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  // Stryker restore all
  const first = words[0];
  if (first === undefined) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  // Stryker disable next-line StringLiteral: unreachable, every word here has a first character
  const letter = (word: string) => (Array.from(word)[0] ?? '').toLocaleUpperCase('en-US');
  return last === undefined ? letter(first) : `${letter(first)}${letter(last)}`;
}

/** First character upper-cased, the rest unchanged ('pro' → 'Pro'). */
export function capitalize(value: string): string {
  const [first, ...rest] = Array.from(value);
  return first === undefined ? '' : `${first.toLocaleUpperCase('en-US')}${rest.join('')}`;
}
