/**
 * A small test app for the billing and copilot modules, independent of server/core/app.ts: a
 * fresh database (tests/server/support/db.ts: in-memory PGlite, or PostgreSQL under npm test) with the core and module schemas, a Hono<AppEnv> whose middleware sets a test
 * caller, and an error handler mapping ApiError to `{ message, field }` like the real app.
 */
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { createBillingModule } from '../../../server/billing';
import { createCopilotModule } from '../../../server/copilot';
import { ApiError, type AppEnv, type Caller, type SeedMember, type ServerDeps } from '../../../server/core/module';
import type { Database } from '../../../server/core/db';
import { openTestDatabase } from '../support/db';
import { userPoolNotUsed } from '../support/user-pool';
import { seededRandom } from '../../../server/seed/random';
import type { StripeSettings } from '../../../server/billing/config';
import { startStripeApiDouble, type StripeApiDouble } from '../../support/stripe/api-double';

export const API_ORIGIN = 'http://127.0.0.1:8787';
/** A Wednesday afternoon; every module sees this clock unless a test moves it. */
export const NOW = new Date('2025-06-11T15:00:00.000Z');
const DAY_MS = 86_400_000;

const ROLES = ['Field Worker', 'Field Worker', 'Field Worker', 'Supervisor', 'Project Manager'] as const;

interface OrgFixture {
  orgId: string;
  adminId: string;
  members: SeedMember[];
}

/** The Price ids the Stripe harness configures (the double serves them at the catalogue's prices). */
const TEST_PRICES = { lite: 'price_1HardlineLiteTest', pro: 'price_1HardlineProTest' } as const;
export const TEST_WEBHOOK_SECRET = 'whsec_hardlineTestSecret0123456789';
export const WEB_ORIGIN = 'http://127.0.0.1:5173';

export interface Harness {
  db: Database;
  /** The billing provider the module runs on. */
  provider: 'local' | 'stripe';
  /** The double of Stripe's API the Stripe provider talks to (null with the local provider). */
  stripe: StripeApiDouble | null;
  /** The settings the Stripe provider was made with (null with the local provider). */
  stripeSettings: StripeSettings | null;
  app: Hono<AppEnv>;
  clock: { now: Date };
  orgA: OrgFixture;
  orgB: OrgFixture;
  /** Sets who the next requests come from. */
  actAs(caller: Partial<Caller> & { orgId: string | null; memberId: string | null; isAdmin: boolean }): void;
  asAdminOf(org: OrgFixture): void;
  json(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown; headers: Headers }>;
  /** Puts the billing data back to the seeded state and the clock back to NOW (PGlite is slow to start, so files share one). */
  resetBilling(): Promise<void>;
  close(): Promise<void>;
}

async function insertOrg(
  db: Database,
  orgId: string,
  name: string,
  firstNames: readonly string[],
  lastNames: readonly string[],
  count: number,
  rng: () => number,
): Promise<OrgFixture> {
  await db.query('INSERT INTO organizations (id, name, created_at) VALUES ($1, $2, $3)', [
    orgId,
    name,
    new Date(NOW.getTime() - 400 * DAY_MS),
  ]);
  const adminId = `${orgId}-admin`;
  await db.query(
    `INSERT INTO members (id, org_id, cognito_sub, name, email, phone_number, role, has_license, is_active, is_admin, created_at, last_active_at)
     VALUES ($1, $2, $3, $4, $5, '+15550000000', 'Admin', true, true, true, $6, $7)`,
    [
      adminId,
      orgId,
      `${orgId}-admin-sub`,
      `${name} Admin`,
      `admin@${orgId}.example`,
      new Date(NOW.getTime() - 300 * DAY_MS),
      new Date(NOW.getTime() - 3600_000),
    ],
  );
  const members: SeedMember[] = [
    {
      id: adminId,
      name: `${name} Admin`,
      email: `admin@${orgId}.example`,
      role: 'Admin',
      isActive: true,
      hasLicense: true,
      createdAt: new Date(NOW.getTime() - 300 * DAY_MS),
    },
  ];
  for (let i = 0; i < count; i += 1) {
    const first = firstNames[i % firstNames.length] ?? 'Sam';
    const last = lastNames[Math.floor(i / firstNames.length) % lastNames.length] ?? 'Lee';
    const member: SeedMember = {
      id: `${orgId}-m${String(i).padStart(3, '0')}`,
      name: `${first} ${last}`,
      email: `${first.toLowerCase()}.${last.toLowerCase()}${i}@${orgId}.example`,
      role: ROLES[i % ROLES.length] ?? 'Field Worker',
      isActive: i % 7 !== 6,
      hasLicense: i % 3 !== 2,
      // Most members joined months ago; the last three joined this week.
      createdAt: new Date(NOW.getTime() - (i >= count - 3 ? (count - i) * DAY_MS : (30 + Math.floor(rng() * 300)) * DAY_MS)),
    };
    members.push(member);
    await db.query(
      `INSERT INTO members (id, org_id, name, email, phone_number, role, has_license, is_active, is_admin, created_at, last_active_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, false, $9, $10)`,
      [
        member.id,
        orgId,
        member.name,
        member.email,
        `+1555${String(1000000 + i).slice(-7)}`,
        member.role,
        member.hasLicense,
        member.isActive,
        member.createdAt,
        i % 4 === 0 ? new Date(NOW.getTime() - (1 + i) * 3600_000) : null,
      ],
    );
  }
  return { orgId, adminId, members };
}

export async function createHarness(options: { seed?: boolean; provider?: 'local' | 'stripe' } = {}): Promise<Harness> {
  const clock = { now: NOW };
  const provider = options.provider ?? 'local';
  // Stripe is a boundary we do not own: the Stripe provider's SDK talks to a local double of its API.
  const stripe =
    provider === 'stripe'
      ? await startStripeApiDouble({
          prices: { lite: { id: TEST_PRICES.lite, amount: 4999 }, pro: { id: TEST_PRICES.pro, amount: 12999 } },
          now: () => clock.now,
        })
      : null;
  const stripeSettings: StripeSettings | null = stripe
    ? {
        secretKey: stripe.secretKey,
        webhookSecret: TEST_WEBHOOK_SECRET,
        prices: { ...TEST_PRICES },
        portalConfiguration: null,
        api: { host: stripe.host, port: stripe.port, protocol: stripe.protocol },
      }
    : null;
  const billing = createBillingModule({
    clock: () => clock.now,
    ...(stripeSettings ? { settings: { provider: 'stripe', stripe: stripeSettings } } : {}),
  });
  const copilot = createCopilotModule({ clock: () => clock.now });
  const db = await openTestDatabase();

  const rng = seededRandom(42);
  const orgA = await insertOrg(
    db,
    'org-a',
    'Summit Builders',
    ['Maria', 'James', 'Priya', 'Tom', 'Aisha', 'Diego', 'Grace', 'Kenji'],
    ['Lopez', 'Walker', 'Nguyen', 'Okafor', 'Berg'],
    40,
    rng,
  );
  const orgB = await insertOrg(db, 'org-b', 'Bayside Contracting', ['Olga', 'Hector', 'Wen'], ['Zielinski', 'Quimby'], 10, rng);
  const config = { apiOrigin: API_ORIGIN, webOrigin: WEB_ORIGIN };
  const contextOf = (org: OrgFixture) => ({
    db,
    orgId: org.orgId,
    adminMemberId: org.adminId,
    members: org.members,
    rng: seededRandom(org.orgId === 'org-a' ? 7 : 8),
    now: NOW,
    config,
  });
  if (options.seed ?? true) {
    for (const org of [orgA, orgB]) {
      await billing.seed?.(contextOf(org));
      await copilot.seed?.(contextOf(org));
    }
  }

  let caller: Caller = { sub: 'none', username: 'none', memberId: null, orgId: null, isAdmin: false, isActive: false };
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('caller', caller);
    await next();
  });
  const deps: ServerDeps = {
    db,
    config,
    userPool: userPoolNotUsed('The billing and copilot modules never call the user pool'),
  };
  billing.register(app, deps);
  copilot.register(app, deps);
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      return c.json(
        error.field ? { message: error.message, field: error.field } : { message: error.message },
        error.status as ContentfulStatusCode,
      );
    }
    return c.json({ message: 'Internal server error' }, 500);
  });

  const harness: Harness = {
    db,
    provider,
    stripe,
    stripeSettings,
    app,
    clock,
    orgA,
    orgB,
    actAs(next) {
      caller = {
        sub: next.sub ?? 'test-sub',
        username: next.username ?? 'test@example.com',
        memberId: next.memberId,
        orgId: next.orgId,
        isAdmin: next.isAdmin,
        isActive: next.isActive ?? next.memberId !== null,
      };
    },
    asAdminOf(org) {
      harness.actAs({ orgId: org.orgId, memberId: org.adminId, isAdmin: true });
    },
    async resetBilling() {
      clock.now = NOW;
      stripe?.reset();
      await db.exec(`
        DROP TRIGGER IF EXISTS refuse_invoice ON invoices;
        DELETE FROM organizations WHERE id NOT IN ('org-a', 'org-b');
        DELETE FROM billing_fixtures; DELETE FROM payment_method_sessions; DELETE FROM setup_intents; DELETE FROM transactions;
        DELETE FROM billing_customers; DELETE FROM billing_leases; DELETE FROM stripe_events;
        DELETE FROM invoices; DELETE FROM payment_methods; DELETE FROM trials; DELETE FROM subscriptions;
      `);
      for (const org of [orgA, orgB]) await billing.seed?.(contextOf(org));
      harness.asAdminOf(orgA);
    },
    async close() {
      await stripe?.close();
      await db.close();
    },
    async json(method, path, body) {
      const init: RequestInit = { method, headers: { 'Content-Type': 'application/json' } };
      if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
      const res = await app.request(path, init);
      const text = await res.text();
      let parsed: unknown = text;
      if ((res.headers.get('content-type') ?? '').includes('application/json')) parsed = JSON.parse(text);
      return { status: res.status, body: parsed, headers: res.headers };
    },
  };
  harness.asAdminOf(orgA);
  return harness;
}
