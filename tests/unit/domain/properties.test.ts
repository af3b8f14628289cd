// @vitest-environment node
/**
 * Property-based tests (fast-check) of the SPEC §5 phone and password rules. Each oracle restates
 * the rule from the SPEC text with its own code (character classes by code point, digit counting),
 * never by calling the implementation under test. The number of generated inputs is written to
 * reports/suites/properties.json for the `npm test` summary.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { formatPhone, isValidPhone, normalizePhone } from '../../../src/domain/phone';
import { checkPassword, isStrongPassword, passwordErrors } from '../../../src/domain/password';
import { NewPasswordFormSchema, validate } from '../../../src/domain/forms';

const NUM_RUNS = 2500;
// Every arbitrary below has an explicit maxLength; with the default size, fast-check keeps generated
// lengths small (about 10) and would rarely try 11- to 15-digit numbers.
fc.configureGlobal({ baseSize: 'medium' });
let generated = 0;

/** fc.assert with NUM_RUNS runs, counting every generated input. */
function check<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => void): void {
  fc.assert(
    fc.property(arbitrary, (value) => {
      generated += 1;
      predicate(value);
    }),
    { numRuns: NUM_RUNS },
  );
}

afterAll(() => {
  const file = fileURLToPath(new URL('../../../reports/suites/properties.json', import.meta.url));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ suite: 'properties', figures: { 'generated inputs': generated } }, null, 2)}\n`);
});

// ------------------------------------------------------------------------------------------
// Oracles, from the SPEC text
// ------------------------------------------------------------------------------------------

const DIGITS = '0123456789';
const isDigit = (c: string) => c.length === 1 && DIGITS.includes(c);

/** "Strip every character except digits and plus." */
function keepDigitsAndPlus(input: string): string {
  let out = '';
  for (const c of input) if (isDigit(c) || c === '+') out += c;
  return out;
}

/** "Valid means a plus, a non-zero first digit, then 1 to 14 more digits." */
function oracleValid(value: string): boolean {
  const chars = Array.from(value);
  if (chars[0] !== '+') return false;
  const rest = chars.slice(1);
  if (rest.length < 2 || rest.length > 15) return false;
  if (!rest.every(isDigit)) return false;
  return rest[0] !== '0';
}

/** The normalisation rules of SPEC §5, stated case by case. */
function oracleNormalize(input: string): string {
  const kept = keepDigitsAndPlus(input);
  if (kept.charAt(0) === '+') return kept;
  const allDigits = Array.from(kept).every(isDigit);
  if (allDigits && kept.length === 10) return '+1' + kept;
  if (allDigits && kept.length === 11 && kept.charAt(0) === '1') return '+' + kept;
  return '+1' + kept;
}

const SPECIALS = new Set(Array.from('^$*.[]{}()?-"!@#%&/\\,><\':;|_~`+='));
const inRange = (c: string, from: string, to: string) => c.length === 1 && c >= from && c <= to;

/** The SPEC §5 password messages that apply to `password`, in SPEC order. */
function oraclePasswordMessages(password: string): string[] {
  const chars = Array.from(password);
  const messages: string[] = [];
  if (chars.length < 8) messages.push('Password must be at least 8 characters');
  if (!chars.some((c) => inRange(c, 'A', 'Z'))) messages.push('Password must contain at least one uppercase letter');
  if (!chars.some((c) => inRange(c, 'a', 'z'))) messages.push('Password must contain at least one lowercase letter');
  if (!chars.some((c) => inRange(c, '0', '9'))) messages.push('Password must contain at least one number');
  if (!chars.some((c) => SPECIALS.has(c))) messages.push('Password must contain at least one special character');
  return messages;
}

// ------------------------------------------------------------------------------------------
// Generators
// ------------------------------------------------------------------------------------------

const digit = fc.constantFrom(...DIGITS.split(''));
const nonZeroDigit = fc.constantFrom(...'123456789'.split(''));
/** Digit strings whose length is uniform in [min, max]. */
const digitString = (min: number, max: number) =>
  fc.integer({ min, max }).chain((n) => fc.array(digit, { minLength: n, maxLength: n }).map((d) => d.join('')));
const noise = fc.constantFrom(' ', '-', '.', '(', ')', '/', 'x', 'ext', '\t', '–');

/** Digits interleaved with punctuation and letters people type around phone numbers. */
const decorated = (digits: fc.Arbitrary<string>) =>
  fc.tuple(digits, fc.array(fc.option(noise, { nil: undefined }), { minLength: 20, maxLength: 20 })).map(([d, gaps]) =>
    Array.from(d)
      .map((c, i) => `${gaps[i] ?? ''}${c}`)
      .join(''),
  );

const phoneLike = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'0123456789+ -().x'.split('')), maxLength: 22 }),
  fc.string({ unit: 'binary', maxLength: 24 }),
  decorated(digitString(0, 18)),
  decorated(digitString(10, 10)),
  decorated(fc.tuple(fc.constant('1'), digitString(10, 10)).map(([a, b]) => a + b)),
  fc.tuple(fc.constantFrom('+', '+ ', '+('), decorated(digitString(0, 17))).map(([p, d]) => p + d),
);

const passwordChar = fc.constantFrom(...'aZ9#eQ0_ é ÜßΩ~`=+- \t'.split(''));
const passwordLike = fc.oneof(
  fc.string({ unit: passwordChar, maxLength: 16 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 14 }),
  fc.string({ maxLength: 14 }),
);

// ------------------------------------------------------------------------------------------
// Phone
// ------------------------------------------------------------------------------------------

describe('phone normalisation (SPEC §5), generated inputs', () => {
  it('matches the rules case by case', () => {
    check(phoneLike, (input) => {
      expect(normalizePhone(input)).toBe(oracleNormalize(input));
    });
  });

  it('keeps only digits and plus, always starting with +, and is idempotent', () => {
    check(phoneLike, (input) => {
      const once = normalizePhone(input);
      expect(once.charAt(0)).toBe('+');
      expect(Array.from(once).every((c) => isDigit(c) || c === '+')).toBe(true);
      expect(normalizePhone(once)).toBe(once);
    });
  });

  it('turns any 10-digit national number, however typed, into a valid +1 number', () => {
    check(
      fc.tuple(digitString(10, 10), fc.nat()).chain(([d]) => decorated(fc.constant(d)).map((typed) => ({ d, typed }))),
      ({ d, typed }) => {
        const normalized = normalizePhone(typed);
        expect(normalized).toBe(`+1${d}`);
        expect(isValidPhone(normalized)).toBe(true);
      },
    );
  });

  it('keeps a number already in E.164 form', () => {
    const e164 = fc.tuple(nonZeroDigit, digitString(1, 14)).map(([first, rest]) => `+${first}${rest}`);
    check(e164, (value) => {
      expect(normalizePhone(value)).toBe(value);
      expect(isValidPhone(value)).toBe(true);
    });
  });
});

describe('phone validity (SPEC §5), generated inputs', () => {
  it('agrees with "a plus, a non-zero digit, then 1 to 14 more digits"', () => {
    const candidates = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'+0123456789 a'.split('')), maxLength: 19 }),
      fc.tuple(fc.constantFrom('+', '', '++'), digitString(0, 17)).map(([p, d]) => p + d),
      fc.string({ unit: 'binary', maxLength: 18 }),
    );
    check(candidates, (value) => {
      expect(isValidPhone(value)).toBe(oracleValid(value));
    });
  });

  it('decides the normalised form of any input like the oracle', () => {
    check(phoneLike, (input) => {
      expect(isValidPhone(normalizePhone(input))).toBe(oracleValid(oracleNormalize(input)));
    });
  });
});

describe('phone display (SPEC §5), generated inputs', () => {
  it('formats 10 digits, or 11 starting with 1, as +1 (xxx) xxx-xxxx with the same digits', () => {
    const us = fc.oneof(
      decorated(digitString(10, 10)).map((typed) => ({ typed, national: typed.replace(/\D/g, '') })),
      decorated(digitString(10, 10).map((d) => `1${d}`)).map((typed) => ({ typed, national: typed.replace(/\D/g, '').slice(1) })),
      digitString(10, 10).map((d) => ({ typed: `+1${d}`, national: d })),
    );
    check(us, ({ typed, national }) => {
      const shown = formatPhone(typed);
      expect(shown).toMatch(/^\+1 \(\d{3}\) \d{3}-\d{4}$/);
      expect(shown.slice(3).replace(/\D/g, '')).toBe(national);
    });
  });

  it('leaves every other value unchanged', () => {
    check(phoneLike, (input) => {
      const digitCount = Array.from(input).filter(isDigit).length;
      const firstDigit = Array.from(input).find(isDigit);
      const isUs = digitCount === 10 || (digitCount === 11 && firstDigit === '1');
      if (isUs) expect(formatPhone(input)).toMatch(/^\+1 \(\d{3}\) \d{3}-\d{4}$/);
      else expect(formatPhone(input)).toBe(input);
    });
  });
});

// ------------------------------------------------------------------------------------------
// Password
// ------------------------------------------------------------------------------------------

describe('password rules (SPEC §5), generated inputs', () => {
  it('report exactly the broken rules, in SPEC order', () => {
    check(passwordLike, (password) => {
      const expected = oraclePasswordMessages(password);
      expect(passwordErrors(password)).toEqual(expected);
      expect(isStrongPassword(password)).toBe(expected.length === 0);
      expect(
        checkPassword(password)
          .filter((r) => !r.met)
          .map((r) => r.message),
      ).toEqual(expected);
    });
  });

  it('accept any password built with every required character class and 8+ characters', () => {
    const strong = fc
      .tuple(
        fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('')),
        fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'.split('')),
        digit,
        fc.constantFrom(...SPECIALS),
        fc.string({ unit: passwordChar, minLength: 4, maxLength: 20 }),
      )
      .chain(([u, l, d, s, filler]) =>
        fc.shuffledSubarray([u, l, d, s, ...Array.from(filler)], { minLength: 4 + Array.from(filler).length }),
      )
      .map((chars) => chars.join(''));
    check(strong, (password) => {
      expect(oraclePasswordMessages(password)).toEqual([]);
      expect(isStrongPassword(password)).toBe(true);
      expect(validate(NewPasswordFormSchema, { password, confirmPassword: password })).toEqual({
        ok: true,
        value: { password, confirmPassword: password },
      });
    });
  });

  it('show the first broken rule in the new-password form, and a mismatch on confirm', () => {
    check(fc.tuple(passwordLike, passwordLike), ([password, other]) => {
      const result = validate(NewPasswordFormSchema, { password, confirmPassword: other });
      const expected = oraclePasswordMessages(password);
      if (expected.length > 0) {
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.errors.password).toBe(expected[0]);
      } else if (other === '') {
        expect(result).toEqual({ ok: false, errors: { confirmPassword: 'Please confirm your password' } });
      } else if (other !== password) {
        expect(result).toEqual({ ok: false, errors: { confirmPassword: "Passwords don't match" } });
      } else {
        expect(result.ok).toBe(true);
      }
    });
  });
});
