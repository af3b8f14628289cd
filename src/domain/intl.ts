/**
 * en-US formatting (SPEC §9) without paying for Intl on the page's start.
 *
 * The first Intl object a page makes loads ICU's locale data: about 13 ms on this machine, four
 * times that on Lighthouse's phone. Made when their modules loaded, the formatters were the largest
 * single piece of evaluating the entry's modules, on /login and under the console's shell alike
 * (/login's validation messages, 'Name must be at most 100 characters', are made as their module
 * loads). So formatters are made on first use (`lazily`), and counts, the common case, need none.
 */

/** `make()` once, on the first call, and its value from then on. */
export function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const numbers = lazily(() => new Intl.NumberFormat('en-US'));

/** 12345 → '12,345', as `Intl.NumberFormat('en-US')` writes it; whole non-negative numbers without Intl. */
export function formatCount(value: number): string {
  if (Number.isSafeInteger(value) && (value > 0 || Object.is(value, 0))) return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
  return numbers().format(value);
}
