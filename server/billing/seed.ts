/**
 * Billing seed data: deterministic from ctx.rng (states, dates, cards, amounts); ids are random
 * (invoice ids are credentials for the hosted pages, so they must stay unguessable).
 *
 * The first eight non-admin members (in ctx.members order) are fixtures in fixed states, recorded
 * in billing_fixtures; the administrator is on Pro with a card; everyone else is drawn at random
 * across pro, lite, trial, free, expired trial, past_due and canceled. See README.md.
 */
import type { PlanType } from '../../src/contract/api';
import { PLANS } from '../../src/domain/plans';
import type { SeedContext, SeedMember } from '../core/module';
import { insertRows } from './db';
import type { FixtureKey } from './fixtures';
import { invoicePrefix, newId } from './ids';
import { addMonths } from './dates';
import { TALLY_SUBJECTS, compactTallies } from './tallies';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

type LinkMode = 'both' | 'none' | 'hosted' | 'pdf';

interface CardSpec {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

type Profile =
  | { kind: 'free' }
  | { kind: 'expired_trial'; endedDaysAgo: number }
  | { kind: 'trialing'; plan: PlanType; endsInMs: number; cards: CardSpec[] }
  | {
      kind: 'active' | 'past_due' | 'canceled';
      plan: PlanType;
      /** Paid months so far, the current one included. */
      months: number;
      /** Days since the current period started (active, past_due) or since the cancellation (canceled). */
      daysAgo: number;
      cancelAtPeriodEnd: boolean;
      reason: string | null;
      cards: CardSpec[];
      /** Link mode per invoice, newest first; missing entries are 'both'. */
      links: LinkMode[];
      failedAttempts: number;
    };

const CANCEL_REASONS = [
  'Project wrapped up',
  'Crew moved to another contractor',
  'Too expensive for a seasonal crew',
  'Switching to the Lite plan next quarter',
];

function pick<T>(rng: () => number, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function randomCard(rng: () => number, now: Date): CardSpec {
  const brand = pick(rng, ['visa', 'visa', 'visa', 'mastercard', 'mastercard', 'amex', 'discover']);
  return {
    brand,
    last4: String(Math.floor(rng() * 10_000)).padStart(4, '0'),
    expMonth: 1 + Math.floor(rng() * 12),
    expYear: now.getUTCFullYear() + 1 + Math.floor(rng() * 4),
  };
}

function randomLinks(rng: () => number, count: number): LinkMode[] {
  return Array.from({ length: count }, () => {
    const r = rng();
    return r < 0.84 ? 'both' : r < 0.92 ? 'none' : r < 0.96 ? 'hosted' : 'pdf';
  });
}

function randomProfile(rng: () => number, now: Date, index: number): Profile {
  const r = rng();
  const plan: PlanType = rng() < 0.45 ? 'pro' : 'lite';
  // Large organisations (benchmarks) get one month of history each to keep seeding fast.
  const months = index < 2000 ? 1 + Math.floor(rng() * 6) : 1;
  const cards = (): CardSpec[] => {
    const c = rng();
    if (c < 0.06) return [];
    return c < 0.88 ? [randomCard(rng, now)] : [randomCard(rng, now), randomCard(rng, now)];
  };
  if (r < 0.5) {
    const scheduled = rng() < 0.1;
    return {
      kind: 'active',
      plan: r < 0.22 ? 'pro' : 'lite',
      months,
      daysAgo: 1 + Math.floor(rng() * 27),
      cancelAtPeriodEnd: scheduled,
      reason: scheduled ? pick(rng, CANCEL_REASONS) : null,
      cards: cards(),
      links: randomLinks(rng, months),
      failedAttempts: rng() < 0.05 ? 1 : 0,
    };
  }
  if (r < 0.62) {
    const withCard = rng() < 0.3;
    return {
      kind: 'trialing',
      plan,
      endsInMs: (1 + Math.floor(rng() * 13)) * DAY_MS + Math.floor(rng() * 20) * HOUR_MS,
      cards: withCard ? [randomCard(rng, now)] : [],
    };
  }
  if (r < 0.66) {
    return {
      kind: 'past_due',
      plan,
      months,
      daysAgo: 1 + Math.floor(rng() * 10),
      cancelAtPeriodEnd: false,
      reason: null,
      cards: cards(),
      links: randomLinks(rng, months),
      failedAttempts: 1 + Math.floor(rng() * 2),
    };
  }
  if (r < 0.7) {
    return {
      kind: 'canceled',
      plan,
      months,
      daysAgo: 1 + Math.floor(rng() * 40),
      cancelAtPeriodEnd: false,
      reason: rng() < 0.6 ? pick(rng, CANCEL_REASONS) : null,
      cards: cards(),
      links: randomLinks(rng, months),
      failedAttempts: rng() < 0.3 ? 1 : 0,
    };
  }
  if (r < 0.74) return { kind: 'expired_trial', endedDaysAgo: 1 + Math.floor(rng() * 30) };
  return { kind: 'free' };
}

const TEST_VISA: CardSpec = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 0 };

function fixtureProfiles(now: Date): Array<[FixtureKey, Profile]> {
  const visa = { ...TEST_VISA, expYear: now.getUTCFullYear() + 3 };
  const base = { cancelAtPeriodEnd: false, reason: null, failedAttempts: 0 } as const;
  return [
    ['lite_with_card', { kind: 'active', plan: 'lite', months: 3, daysAgo: 10, cards: [visa], links: ['both', 'both', 'both'], ...base }],
    ['trial_no_card', { kind: 'trialing', plan: 'lite', endsInMs: 9 * DAY_MS + 6 * HOUR_MS, cards: [] }],
    [
      'pro_scheduled_cancellation',
      {
        kind: 'active',
        plan: 'pro',
        months: 2,
        daysAgo: 12,
        cards: [{ brand: 'mastercard', last4: '4444', expMonth: 8, expYear: now.getUTCFullYear() + 2 }],
        links: ['both', 'both'],
        ...base,
        cancelAtPeriodEnd: true,
        reason: 'Project wrapped up',
      },
    ],
    ['free', { kind: 'free' }],
    [
      'invoices_without_links',
      {
        kind: 'active',
        plan: 'pro',
        months: 4,
        daysAgo: 3,
        cards: [visa, { brand: 'amex', last4: '0005', expMonth: 3, expYear: now.getUTCFullYear() + 1 }],
        links: ['none', 'both', 'hosted', 'pdf'],
        ...base,
      },
    ],
    ['trial_zero_days', { kind: 'trialing', plan: 'pro', endsInMs: 5 * HOUR_MS, cards: [] }],
    [
      'past_due',
      {
        kind: 'past_due',
        plan: 'lite',
        months: 2,
        daysAgo: 2,
        cards: [{ brand: 'visa', last4: '0341', expMonth: 1, expYear: now.getUTCFullYear() + 1 }],
        links: ['both', 'both'],
        ...base,
        failedAttempts: 2,
      },
    ],
    [
      'canceled',
      {
        kind: 'canceled',
        plan: 'pro',
        months: 3,
        daysAgo: 1,
        cards: [visa],
        links: ['both', 'both', 'both'],
        ...base,
        reason: 'Crew moved to another contractor',
      },
    ],
  ];
}

class Rows {
  subscriptions: unknown[][] = [];
  trials: unknown[][] = [];
  paymentMethods: unknown[][] = [];
  invoices: unknown[][] = [];
  transactions: unknown[][] = [];
  fixtures: unknown[][] = [];
}

/** Who a seeded invoice or transaction is for; name and email are also kept on the row (the snapshot). */
type Billed = Pick<SeedMember, 'id' | 'name' | 'email'>;

function addProfile(rows: Rows, orgId: string, member: Billed, profile: Profile, now: Date): void {
  const txn = (type: string, status: string, amount: number, description: string, at: Date, invoiceId: string | null = null) =>
    rows.transactions.push([newId('txn'), orgId, member.id, member.name, type, status, amount, description, invoiceId, at]);
  const addCards = (cards: CardSpec[], at: Date) =>
    cards.forEach((card, i) =>
      rows.paymentMethods.push([
        newId('pm'),
        orgId,
        member.id,
        card.brand,
        card.last4,
        card.expMonth,
        card.expYear,
        i === 0,
        new Date(at.getTime() + i * DAY_MS),
      ]),
    );

  switch (profile.kind) {
    case 'free':
      return;
    case 'expired_trial': {
      const endsAt = new Date(now.getTime() - profile.endedDaysAgo * DAY_MS);
      rows.trials.push([member.id, orgId, new Date(endsAt.getTime() - 14 * DAY_MS), endsAt, null]);
      return;
    }
    case 'trialing': {
      const endsAt = new Date(now.getTime() + profile.endsInMs);
      const startedAt = new Date(endsAt.getTime() - 14 * DAY_MS);
      rows.trials.push([member.id, orgId, startedAt, endsAt, null]);
      rows.subscriptions.push([newId('sub'), orgId, member.id, profile.plan, 'trialing', startedAt, endsAt, false, null, null, startedAt]);
      addCards(profile.cards, startedAt);
      txn('subscription_created', 'pending', 0, `${PLANS[profile.plan].name} trial started`, startedAt);
      return;
    }
    default: {
      const plan = PLANS[profile.plan];
      const anchor = new Date(now.getTime() - profile.daysAgo * DAY_MS);
      // Canceled: the last paid period ended at the cancellation; otherwise the current period started at the anchor.
      const lastPeriodStart = profile.kind === 'canceled' ? addMonths(anchor, -1) : anchor;
      const createdAt = addMonths(lastPeriodStart, -(profile.months - 1));
      const periodEnd = profile.kind === 'canceled' ? anchor : addMonths(lastPeriodStart, 1);
      rows.subscriptions.push([
        newId('sub'),
        orgId,
        member.id,
        profile.plan,
        profile.kind,
        lastPeriodStart,
        periodEnd,
        profile.cancelAtPeriodEnd,
        profile.reason,
        profile.kind === 'canceled' ? anchor : null,
        createdAt,
      ]);
      addCards(profile.cards, createdAt);
      txn('subscription_created', 'succeeded', plan.priceCents, `${plan.name} subscription started`, createdAt);
      const prefix = invoicePrefix(member.id);
      for (let k = 0; k < profile.months; k += 1) {
        const at = addMonths(createdAt, k);
        const newestFirst = profile.months - 1 - k;
        const links = profile.links[newestFirst] ?? 'both';
        // past_due: the newest invoice is still open; canceled after a failed payment: written off.
        const unpaid = newestFirst === 0 && (profile.kind === 'past_due' || (profile.kind === 'canceled' && profile.failedAttempts > 0));
        const invoiceId = newId('in');
        const status = !unpaid ? 'paid' : profile.kind === 'past_due' ? 'open' : 'uncollectible';
        rows.invoices.push([
          invoiceId,
          orgId,
          member.id,
          member.name,
          member.email,
          `${prefix}-${String(k + 1).padStart(4, '0')}`,
          status,
          profile.plan,
          plan.priceCents,
          unpaid ? 0 : plan.priceCents,
          links === 'both' || links === 'hosted',
          links === 'both' || links === 'pdf',
          at,
        ]);
        const attemptsHere = unpaid ? profile.failedAttempts : newestFirst === 0 ? profile.failedAttempts : 0;
        for (let a = 0; a < attemptsHere; a += 1) {
          txn(
            'payment_failed',
            'failed',
            plan.priceCents,
            `${plan.name} payment declined (card ending ${profile.cards[0]?.last4 ?? 'none'})`,
            new Date(at.getTime() + (a * 3 + 1) * HOUR_MS),
            invoiceId,
          );
        }
        if (!unpaid)
          txn(
            'payment_succeeded',
            'succeeded',
            plan.priceCents,
            `${plan.name} - monthly`,
            new Date(at.getTime() + (attemptsHere * 3 + 2) * HOUR_MS),
            invoiceId,
          );
      }
      if (profile.kind === 'canceled') {
        txn(
          'subscription_canceled',
          'succeeded',
          0,
          profile.reason ? `${plan.name} canceled: ${profile.reason}` : `${plan.name} canceled`,
          anchor,
        );
      }
    }
  }
}

/** The administrator, from ctx.members (the seed drivers list them there) or else the table. */
async function adminOf(ctx: SeedContext): Promise<Billed> {
  const listed = ctx.members.find((m) => m.id === ctx.adminMemberId);
  if (listed) return listed;
  const { rows } = await ctx.db.query<Billed>('SELECT id, name, email FROM members WHERE id = $1 AND org_id = $2', [
    ctx.adminMemberId,
    ctx.orgId,
  ]);
  const admin = rows[0];
  if (!admin) throw new Error(`seedBilling: the administrator ${ctx.adminMemberId} is not a member of ${ctx.orgId}`);
  return admin;
}

export async function seedBilling(ctx: SeedContext): Promise<void> {
  const { db, orgId, rng, now } = ctx;
  const rows = new Rows();
  const others: SeedMember[] = ctx.members.filter((m) => m.id !== ctx.adminMemberId);
  const fixtures = fixtureProfiles(now);

  addProfile(
    rows,
    orgId,
    await adminOf(ctx),
    {
      kind: 'active',
      plan: 'pro',
      months: 6,
      daysAgo: 5,
      cancelAtPeriodEnd: false,
      reason: null,
      cards: [{ ...TEST_VISA, expYear: now.getUTCFullYear() + 2 }],
      links: [],
      failedAttempts: 0,
    },
    now,
  );
  others.forEach((member, index) => {
    const fixture = fixtures[index];
    if (fixture) {
      rows.fixtures.push([orgId, fixture[0], member.id]);
      addProfile(rows, orgId, member, fixture[1], now);
    } else {
      addProfile(rows, orgId, member, randomProfile(rng, now, index), now);
    }
  });

  await db.transaction(async (tx) => {
    await insertRows(
      tx,
      'subscriptions',
      [
        'id',
        'org_id',
        'member_id',
        'plan_type',
        'status',
        'current_period_start',
        'current_period_end',
        'cancel_at_period_end',
        'cancellation_reason',
        'canceled_at',
        'created_at',
      ],
      rows.subscriptions,
    );
    await insertRows(tx, 'trials', ['member_id', 'org_id', 'started_at', 'ends_at', 'converted_at'], rows.trials);
    await insertRows(
      tx,
      'payment_methods',
      ['id', 'org_id', 'member_id', 'brand', 'last4', 'exp_month', 'exp_year', 'is_default', 'created_at'],
      rows.paymentMethods,
    );
    await insertRows(
      tx,
      'invoices',
      [
        'id',
        'org_id',
        'member_id',
        'member_name',
        'member_email',
        'number',
        'status',
        'plan_type',
        'amount_due',
        'amount_paid',
        'has_hosted_page',
        'has_pdf',
        'created_at',
      ],
      rows.invoices,
    );
    await insertRows(
      tx,
      'transactions',
      ['id', 'org_id', 'member_id', 'member_name', 'type', 'status', 'amount', 'description', 'invoice_id', 'created_at'],
      rows.transactions,
    );
    await insertRows(tx, 'billing_fixtures', ['org_id', 'key', 'member_id'], rows.fixtures);
  });
  // The tallies' triggers appended a row per group for every batch inserted here and for the
  // members before (tens of thousands of rows at 100,000 members). Fold them now, so that the first
  // dashboard and the first answer do not sum them all.
  for (const subject of TALLY_SUBJECTS) await compactTallies(db, orgId, subject);
}
