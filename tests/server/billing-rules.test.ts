// @vitest-environment node
/**
 * The billing rules the routes are built on, one by one: proration (server/billing/proration.ts),
 * the provider's calendar months (server/billing/dates.ts) and the access level of a member
 * (server/billing/access.ts), the SQL forms run on a real database. The routes' tests
 * (billing*.test.ts) check them through HTTP; these name each rule's cases, so a change to one shows
 * here first, and they are fast enough for the mutation run (stryker.config.json mutates these files).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessLevelSql,
  isPaidStatus,
  openTrialSql,
  subscriptionDecidesSql,
  subscriptionLevel,
  type AccessLevel,
} from '../../server/billing/access';
import { addMonths } from '../../server/billing/dates';
import { proratedAmount, unixSeconds } from '../../server/billing/proration';
import type { Database } from '../../server/core/db';
import { openTestDatabase } from './support/db';

const utc = (iso: string) => new Date(`${iso}Z`);

describe('proration, as Stripe invoices a plan change at once', () => {
  const period = { periodStart: utc('2026-03-01T00:00:00'), periodEnd: utc('2026-03-31T00:00:00') };

  it('counts whole seconds since the epoch, dropping the milliseconds', () => {
    expect(unixSeconds(new Date(1_700_000_000_999))).toBe(1_700_000_000);
    expect(unixSeconds(new Date(0))).toBe(0);
  });

  it('charges the new price less the old for the time left: half a period of $25 to $45 is $10', () => {
    expect(proratedAmount({ ...period, oldPrice: 2500, newPrice: 4500, at: utc('2026-03-16T00:00:00') })).toBe(1000);
  });

  it('charges the whole difference at the start of the period, and nothing at its end or after', () => {
    expect(proratedAmount({ ...period, oldPrice: 2500, newPrice: 4500, at: period.periodStart })).toBe(2000);
    expect(proratedAmount({ ...period, oldPrice: 2500, newPrice: 4500, at: utc('2026-02-20T00:00:00') })).toBe(2000);
    expect(proratedAmount({ ...period, oldPrice: 2500, newPrice: 4500, at: period.periodEnd })).toBe(0);
    expect(proratedAmount({ ...period, oldPrice: 2500, newPrice: 4500, at: utc('2026-04-02T00:00:00') })).toBe(0);
  });

  it('rounds the credit and the charge to the cent each, as two invoice lines', () => {
    // 10 of 30 days left: credit round(2500/3) = 833, charge round(4500/3) = 1500.
    expect(proratedAmount({ ...period, oldPrice: 2500, newPrice: 4500, at: utc('2026-03-21T00:00:00') })).toBe(667);
    // 1 of 3 seconds left: credit round(1/3) = 0, charge round(2/3) = 1; a third of the difference would round to 0.
    const short = { periodStart: new Date(0), periodEnd: new Date(3000) };
    expect(proratedAmount({ ...short, oldPrice: 1, newPrice: 2, at: new Date(2000) })).toBe(1);
  });

  it('never pays a downgrade out: the credit beyond the charge is not invoiced', () => {
    expect(proratedAmount({ ...period, oldPrice: 4500, newPrice: 2500, at: utc('2026-03-16T00:00:00') })).toBe(0);
  });

  it('invoices nothing for a period that has no length', () => {
    const at = utc('2026-03-01T00:00:00');
    expect(proratedAmount({ periodStart: at, periodEnd: at, oldPrice: 2500, newPrice: 4500, at })).toBe(0);
    expect(proratedAmount({ periodStart: period.periodEnd, periodEnd: period.periodStart, oldPrice: 0, newPrice: 4500, at })).toBe(0);
  });
});

describe("the provider's calendar months", () => {
  it('keeps the day of the month and the time of day', () => {
    expect(addMonths(utc('2026-01-15T10:30:00'), 1).toISOString()).toBe('2026-02-15T10:30:00.000Z');
    expect(addMonths(utc('2026-11-05T00:00:00'), 3).toISOString()).toBe('2027-02-05T00:00:00.000Z');
    expect(addMonths(utc('2026-03-15T00:00:00'), -2).toISOString()).toBe('2026-01-15T00:00:00.000Z');
  });

  it("clamps to the month's last day: 31 January is followed by 28 February, or the 29th in a leap year", () => {
    expect(addMonths(utc('2026-01-31T00:00:00'), 1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(addMonths(utc('2028-01-31T00:00:00'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths(utc('2026-03-31T00:00:00'), 1).toISOString()).toBe('2026-04-30T00:00:00.000Z');
    expect(addMonths(utc('2026-08-31T00:00:00'), 1).toISOString()).toBe('2026-09-30T00:00:00.000Z');
  });

  it('does not change the date it is given', () => {
    const start = utc('2026-01-31T00:00:00');
    addMonths(start, 1);
    expect(start.toISOString()).toBe('2026-01-31T00:00:00.000Z');
  });
});

describe('the access level a subscription gives on its own', () => {
  it('is the plan for a subscription that is paid for or owed', () => {
    expect(isPaidStatus('active')).toBe(true);
    expect(isPaidStatus('past_due')).toBe(true);
    expect(subscriptionLevel('active', 'pro')).toBe('pro');
    expect(subscriptionLevel('past_due', 'lite')).toBe('lite');
  });

  it('is trial while trialing, and nothing for a canceled subscription or none', () => {
    for (const status of ['trialing', 'canceled', null, undefined, '']) expect(isPaidStatus(status)).toBe(false);
    expect(subscriptionLevel('trialing', 'pro')).toBe('trial');
    expect(subscriptionLevel('canceled', 'pro')).toBeNull();
    expect(subscriptionLevel(null, null)).toBeNull();
    expect(subscriptionLevel(undefined, 'lite')).toBeNull();
  });

  it('is nothing for a paid subscription whose plan is unknown', () => {
    expect(subscriptionLevel('active', 'enterprise')).toBeNull();
    expect(subscriptionLevel('active', null)).toBeNull();
  });
});

describe('the access level of every member, in SQL, on a real database', () => {
  let db: Database;
  const NOW = utc('2026-06-15T12:00:00');
  const at = (days: number) => new Date(NOW.getTime() + days * 86_400_000);

  /** Each member, with the subscription and the trial row that decide their level, and that level. */
  const cases: {
    id: string;
    subscription?: { status: string; plan: string };
    trial?: { ends: number; converted?: boolean };
    level: AccessLevel;
  }[] = [
    { id: 'active-pro', subscription: { status: 'active', plan: 'pro' }, level: 'pro' },
    { id: 'past-due-lite', subscription: { status: 'past_due', plan: 'lite' }, level: 'lite' },
    { id: 'active-over-ended-trial', subscription: { status: 'active', plan: 'lite' }, trial: { ends: -3 }, level: 'lite' },
    { id: 'trialing', subscription: { status: 'trialing', plan: 'pro' }, level: 'trial' },
    { id: 'trialing-trial-over', subscription: { status: 'trialing', plan: 'pro' }, trial: { ends: -1 }, level: 'trial' },
    { id: 'canceled-open-trial', subscription: { status: 'canceled', plan: 'pro' }, trial: { ends: 2 }, level: 'trial' },
    { id: 'canceled', subscription: { status: 'canceled', plan: 'pro' }, level: 'free' },
    { id: 'open-trial', trial: { ends: 5 }, level: 'trial' },
    { id: 'trial-ends-now', trial: { ends: 0 }, level: 'free' },
    { id: 'trial-over', trial: { ends: -5 }, level: 'free' },
    { id: 'trial-converted', trial: { ends: 5, converted: true }, level: 'free' },
    { id: 'nothing', level: 'free' },
  ];

  beforeAll(async () => {
    db = await openTestDatabase();
    await db.query("INSERT INTO organizations (id, name) VALUES ('org', 'Summit Builders')");
    for (const [i, c] of cases.entries()) {
      await db.query(
        `INSERT INTO members (id, org_id, name, email, phone_number, role) VALUES ($1, 'org', $1, $2, '+15550000000', 'Field Worker')`,
        [c.id, `m${i}@summit.test`],
      );
      if (c.subscription)
        await db.query(
          `INSERT INTO subscriptions (id, org_id, member_id, plan_type, status, current_period_start, current_period_end)
           VALUES ($1, 'org', $2, $3, $4, $5, $6)`,
          [`sub-${c.id}`, c.id, c.subscription.plan, c.subscription.status, at(-10), at(20)],
        );
      if (c.trial)
        await db.query('INSERT INTO trials (member_id, org_id, started_at, ends_at, converted_at) VALUES ($1, $2, $3, $4, $5)', [
          c.id,
          'org',
          at(c.trial.ends - 14),
          at(c.trial.ends),
          c.trial.converted ? at(-1) : null,
        ]);
    }
  }, 120_000);

  afterAll(async () => {
    await db.close();
  });

  const JOINS = 'FROM members m LEFT JOIN subscriptions s ON s.member_id = m.id LEFT JOIN trials t ON t.member_id = m.id';

  it('gives each member the level the rules name: plan when paid, trial when trialing or in an open trial, else free', async () => {
    const { rows } = await db.query<{ id: string; level: AccessLevel }>(
      `SELECT m.id, ${accessLevelSql('$1')} AS level ${JOINS} ORDER BY m.id`,
      [NOW],
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.level]))).toEqual(Object.fromEntries(cases.map((c) => [c.id, c.level])));
  });

  it('takes the rule apart the same way: the subscription decides, else the open trial, else free', async () => {
    const { rows } = await db.query<{ id: string; status: string | null; plan: string | null; decides: boolean; open: boolean }>(
      `SELECT m.id, s.status, s.plan_type AS plan, COALESCE(${subscriptionDecidesSql()}, false) AS decides, COALESCE(${openTrialSql('$1')}, false) AS open
       ${JOINS} ORDER BY m.id`,
      [NOW],
    );
    const levels = Object.fromEntries(rows.map((r) => [r.id, r.decides ? subscriptionLevel(r.status, r.plan) : r.open ? 'trial' : 'free']));
    expect(levels).toEqual(Object.fromEntries(cases.map((c) => [c.id, c.level])));
    expect(rows.filter((r) => r.decides).map((r) => r.id)).toEqual([
      'active-over-ended-trial',
      'active-pro',
      'past-due-lite',
      'trialing',
      'trialing-trial-over',
    ]);
  });

  it('names the tables it reads by the aliases it is given', async () => {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM subscriptions sub JOIN trials tr ON tr.member_id = sub.member_id
       WHERE ${subscriptionDecidesSql('sub')} OR ${openTrialSql('$1', 'tr')}`,
      [NOW],
    );
    // active-over-ended-trial and trialing-trial-over are decided by their subscription; canceled-open-trial's trial is open.
    expect(rows[0]?.n).toBe(3);
  });
});
