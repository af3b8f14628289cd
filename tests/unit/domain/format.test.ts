// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatCents } from '../../../src/domain/money';
import { PLANS } from '../../../src/domain/plans';
import { formatLongDate, formatShortDate, formatTime } from '../../../src/domain/dates';
import { capitalize, initials } from '../../../src/domain/text';

describe('formatCents', () => {
  it.each([
    [4999, '$49.99'],
    [12999, '$129.99'],
    [0, '$0.00'],
    [123456789, '$1,234,567.89'],
    [-500, '-$5.00'],
    [Number.NaN, '—'],
  ])('%d → %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
  it('knows the plan prices of SPEC §9', () => {
    expect(formatCents(PLANS.lite.priceCents)).toBe('$49.99');
    expect(formatCents(PLANS.pro.priceCents)).toBe('$129.99');
  });
});

describe('dates (en-US, local time)', () => {
  const date = new Date(2026, 0, 5, 15, 4);
  it('formats short, long and time', () => {
    expect(formatShortDate(date)).toBe('Jan 5, 2026');
    expect(formatLongDate(date)).toBe('January 5, 2026');
    expect(formatTime(date)).toBe('3:04 PM');
    expect(formatTime(new Date(2026, 0, 5, 0, 30))).toBe('12:30 AM');
  });
  it('accepts ISO strings and epoch numbers', () => {
    expect(formatLongDate(date.toISOString())).toBe('January 5, 2026');
    expect(formatShortDate(date.getTime())).toBe('Jan 5, 2026');
  });
  it.each([null, undefined, '', 'not a date', Number.NaN, new Date('nope')])('shows — for %j', (value) => {
    expect(formatShortDate(value)).toBe('—');
    expect(formatLongDate(value)).toBe('—');
    expect(formatTime(value)).toBe('—');
  });
});

describe('initials and capitalize', () => {
  it.each([
    ['Dana Reyes', 'DR'],
    ['ana maria diaz', 'AD'],
    ['  Prince  ', 'P'],
    ['Élodie Ørsted', 'ÉØ'],
    ['', ''],
  ])('initials(%j) = %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
  it.each([
    ['pro', 'Pro'],
    ['trial', 'Trial'],
    ['', ''],
    ['Lite', 'Lite'],
  ])('capitalize(%j) = %j', (value, expected) => {
    expect(capitalize(value)).toBe(expected);
  });
});
