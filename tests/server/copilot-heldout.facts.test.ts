// @vitest-environment node
/**
 * The held-out bank's matchers and time windows (copilot-heldout.facts.ts), on hand-written replies:
 * a score is only as honest as the matchers behind it.
 */
import { describe, expect, it } from 'vitest';
import {
  count,
  date,
  declines,
  licensed,
  listed,
  minutes,
  money,
  name,
  none,
  num,
  phone,
  status,
  windows,
  withoutEcho,
} from './copilot-heldout.facts';

describe('num', () => {
  it('matches a whole number, thousands commas allowed', () => {
    expect(num(60).holds('There are 60 members on Pro.')).toBe(true);
    expect(num(1234).holds('Payments: 1,234 in total')).toBe(true);
    expect(num(60).holds('60.')).toBe(true);
  });

  it('does not match a longer number, a decimal or a zero-padded one', () => {
    expect(num(60).holds('There are 160 members.')).toBe(false);
    expect(num(60).holds('60.5% of calls')).toBe(false);
    expect(num(6).holds('invoice 06')).toBe(false);
  });

  it('ignores dates, times, call lengths, "(of N)" denominators and "and N more"', () => {
    expect(num(3).holds('Karen Scott joined Feb 3, 2025')).toBe(false);
    expect(num(11).holds('on 2025-06-11 at 11:15 AM')).toBe(false);
    expect(num(14).holds('Betty Lee (14 min)')).toBe(false);
    expect(num(75).holds('There were 0 calls this month (of 75 calls this month).')).toBe(false);
    expect(num(12).holds('…and 12 more.')).toBe(false);
    expect(num(19).holds('Cedar Ridge Parking Structure: 19 (of 75)')).toBe(true);
  });
});

describe('names, text and phones', () => {
  it('matches a name case-insensitively between non-letters', () => {
    expect(name('Sofia Murphy').holds("sofia murphy's number")).toBe(true);
    expect(name("Anthony O'Brien").holds('Anthony O’Brien')).toBe(true);
    expect(name('Mark White').holds('Mark Whitefield')).toBe(false);
  });

  it('matches a phone as the users table formats it', () => {
    expect(phone('+12134758144').holds('Her number is +1 (213) 475-8144.')).toBe(true);
    expect(phone('+12134758144').holds('Her number is +12134758144.')).toBe(false);
  });
});

describe('dates, money and lengths', () => {
  it('reads en-US and ISO dates', () => {
    for (const reply of ['Jun 8, 2025', 'June 8', '6/8/2025', '2025-06-08']) expect(date('2025-06-08').holds(reply)).toBe(true);
    expect(date('2025-06-08').holds('Jun 18, 2025')).toBe(false);
  });

  it('reads USD amounts with or without thousands commas', () => {
    expect(money(1_063_880).holds('total $10,638.80')).toBe(true);
    expect(money(1_063_880).holds('total $10638.80')).toBe(true);
    expect(money(12_999).holds('$129.990')).toBe(false);
  });

  it('reads a call length in minutes', () => {
    expect(minutes(847).holds('14 min on average')).toBe(true);
    expect(minutes(847).holds('14:07')).toBe(true);
    expect(minutes(847).holds('17 min')).toBe(false);
  });
});

describe('yes/no readings', () => {
  it('licensed: a denial is not a yes', () => {
    expect(licensed(true).holds('Betty Young is licensed.')).toBe(true);
    expect(licensed(true).holds('Mark Sullivan is not licensed.')).toBe(false);
    expect(licensed(false).holds('Mark Sullivan is not licensed.')).toBe(true);
    expect(licensed(false).holds('Mark Sullivan — Field Worker, pending, no licence')).toBe(true);
    expect(licensed(false).holds('0 licensed members named Mark Sullivan')).toBe(false);
  });

  it('status: active or pending', () => {
    expect(status(false).holds('Aaron Rivera is pending activation.')).toBe(true);
    expect(status(true).holds('Aaron Rivera is pending activation.')).toBe(false);
    expect(status(true).holds('Kwame Patel — Supervisor, active, licensed')).toBe(true);
  });

  it('none and declines', () => {
    expect(none().holds('No one joined today.')).toBe(true);
    expect(none().holds('There were 0 calls.')).toBe(true);
    expect(none().holds('There were 5 calls.')).toBe(false);
    expect(count(0).holds("I couldn't find any calls.")).toBe(true);
    expect(declines().holds("I don't have home addresses in your records.")).toBe(true);
    expect(declines().holds('Your organisation has 55 supervisors.')).toBe(false);
  });

  it('lists: every name up to ten, the count beyond', () => {
    expect(listed(['Ana Brown']).map((f) => f.describe)).toEqual(['the name "Ana Brown"']);
    expect(listed(Array.from({ length: 11 }, (_, i) => `Person ${i}`)).map((f) => f.describe)).toEqual(['the number 11']);
  });
});

describe('withoutEcho', () => {
  it('removes the question where the reply quotes it', () => {
    const question = "what's Olga Sullivan's email";
    const reply = `I couldn't find anything matching "what’s Olga Sullivan’s email".`;
    expect(name('Olga Sullivan').holds(withoutEcho(reply, question))).toBe(false);
  });
});

describe('windows', () => {
  const at = (iso: string) => new Date(iso);
  const bounds = (kind: Parameters<typeof windows>[0], now: Date, zone: string) =>
    windows(kind, now, zone).map((w) => [w.label, w.start.toISOString(), w.end.toISOString()]);

  it('today, in UTC', () => {
    expect(bounds('today', at('2025-06-11T15:00:00Z'), 'UTC')).toEqual([['today', '2025-06-11T00:00:00.000Z', '2025-06-12T00:00:00.000Z']]);
  });

  it("today at 23:30 and 00:30 in Los Angeles is the administrator's day", () => {
    // 23:30 on Jun 10 in Los Angeles (PDT, UTC-7) is 06:30 UTC on Jun 11.
    expect(bounds('today', at('2025-06-11T06:30:00Z'), 'America/Los_Angeles')).toEqual([
      ['today', '2025-06-10T07:00:00.000Z', '2025-06-11T07:00:00.000Z'],
    ]);
    // 00:30 on Jun 11 in Los Angeles.
    expect(bounds('yesterday', at('2025-06-11T07:30:00Z'), 'America/Los_Angeles')).toEqual([
      ['yesterday', '2025-06-10T07:00:00.000Z', '2025-06-11T07:00:00.000Z'],
    ]);
  });

  it('Auckland (NZST, UTC+12): a week from Monday or Sunday, and last month', () => {
    // 00:30 on Monday Jun 9 in Auckland is 12:30 UTC on Sunday Jun 8.
    const now = at('2025-06-08T12:30:00Z');
    expect(bounds('this_week', now, 'Pacific/Auckland')).toEqual([
      ['week from Monday', '2025-06-08T12:00:00.000Z', '2025-06-15T12:00:00.000Z'],
      ['week from Sunday', '2025-06-07T12:00:00.000Z', '2025-06-14T12:00:00.000Z'],
    ]);
    expect(bounds('last_month', now, 'Pacific/Auckland')).toEqual([['last month', '2025-04-30T12:00:00.000Z', '2025-05-31T12:00:00.000Z']]);
  });

  it('the last N days: N×24 hours, or the N calendar days to today', () => {
    const now = at('2025-06-11T15:00:00Z');
    const [rolling, calendar] = windows({ lastDays: 7 }, now, 'UTC');
    expect(rolling?.start.toISOString()).toBe('2025-06-04T15:00:00.000Z');
    expect(calendar?.start.toISOString()).toBe('2025-06-05T00:00:00.000Z');
    expect(calendar?.endDay).toBe('2025-06-12');
  });
});
