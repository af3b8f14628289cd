/**
 * en-US formatting without Intl up front (src/domain/intl.ts, issue 17): counts as Intl writes them,
 * formatters made on first use, and no module of the console that makes an Intl object as it loads.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCount, lazily } from '../../../src/domain/intl';

describe('formatCount', () => {
  const intl = new Intl.NumberFormat('en-US');

  it('writes every kind of number as Intl.NumberFormat("en-US") does', () => {
    const values = [0, 1, 9, 10, 999, 1000, 1001, 9999, 10_000, 99_999, 100_000, 123_456, 999_999, 1_000_000, 12_345_678, 987_654_321];
    const more = [
      Number.MAX_SAFE_INTEGER,
      Number.MAX_SAFE_INTEGER + 2,
      -1,
      -1234,
      -0,
      0.5,
      1234.5678,
      1e21,
      Number.NaN,
      Infinity,
      -Infinity,
    ];
    for (let n = 0; n < 3000; n++) values.push(Math.floor(Math.random() * 10 ** (1 + (n % 12))));
    for (const value of [...values, ...more]) expect(formatCount(value), String(value)).toBe(intl.format(value));
  });
});

describe('lazily', () => {
  it('makes its value on the first call only, and gives the same one after', () => {
    const make = vi.fn(() => ({ made: true }));
    const get = lazily(make);
    expect(make).not.toHaveBeenCalled();
    const first = get();
    expect(get()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });
});

describe('loading the console’s modules', { timeout: 120_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it('makes no Intl object (the first one loads the locale data: a long task on a phone)', async () => {
    const made: string[] = [];
    for (const name of [
      'NumberFormat',
      'DateTimeFormat',
      'RelativeTimeFormat',
      'PluralRules',
      'ListFormat',
      'Collator',
      'Segmenter',
    ] as const) {
      const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
      vi.spyOn(Intl, name).mockImplementation(function (this: unknown, ...args: unknown[]) {
        // Who made it: the first frame past the spy. Chakra's number input (a dependency's module,
        // @internationalized/number) makes two as it loads in Node, where the whole of Chakra loads;
        // the production build leaves it out (the console has no number input).
        const maker = new Error().stack?.split('\n').find((line, i) => i > 1 && !line.includes('@vitest/spy')) ?? '';
        if (!maker.includes('node_modules')) made.push(`${name} ${maker.trim()}`);
        return new Original(...args);
      } as never);
    }
    vi.resetModules();
    const modules = {
      ...import.meta.glob([
        '../../../src/domain/*.ts',
        '../../../src/contract/*.ts',
        '../../../src/machines/**/*.ts',
        '../../../src/services/**/*.ts',
      ]),
      ...import.meta.glob(['../../../src/views/**/*.tsx', '!../../../src/views/**/*.test.tsx']),
    };
    expect(Object.keys(modules).length).toBeGreaterThan(100);
    for (const load of Object.values(modules)) await load();
    expect(made).toEqual([]);
    // The spies do see an Intl object when one is made.
    const { formatCents } = await import('../../../src/domain/money');
    expect(formatCents(4999)).toBe('$49.99');
    expect(made).toHaveLength(1);
    expect(made[0]).toMatch(/^NumberFormat .*src\/domain\/money\.ts/);
  });
});
