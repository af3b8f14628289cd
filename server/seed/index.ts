/**
 * Deterministic seed data: the organisation "Summit Builders", administered by the seeded pool
 * account admin@hardline.test, with a realistic crew (default 240 members; `users` builds large
 * organisations for benchmarks), then each module's own seed (billing, assistant...).
 */
import type { Database, Queryable } from '../core/db';
import type { Role } from '../../src/contract/api';
import type { SeedMember, ServerConfig, ServerModule } from '../core/module';
import { DEFAULT_TEMPORARY_PASSWORD_DAYS } from '../core/userPool';
import { AREA_CODES, FIRST_NAMES, LAST_NAMES } from './names';
import { pick, seededId, seededRandom } from './random';

const SEED_ORGANIZATION = 'Summit Builders';
const SEED_ADMIN = {
  email: 'admin@hardline.test',
  name: 'Dana Whitfield',
  phoneNumber: '+14155550123',
  devicePhoneNumber: '+14155550100',
} as const;
const SEED_FIRST_TIME = { email: 'firsttime@hardline.test', name: 'Sam Ortega', phoneNumber: '+14155550124' } as const;
const DEFAULT_SEED_USERS = 240;
const EMAIL_DOMAIN = 'summitbuilders.com';
const DAY = 86_400_000;

export interface SeedOptions {
  modules: readonly ServerModule[];
  config: ServerConfig;
  /** The user pool sub of admin@hardline.test. */
  adminSub: string;
  /** The user pool sub of firsttime@hardline.test, when that account exists in the pool. */
  firstTimeSub?: string | null;
  /** Members in the organisation, the two seeded accounts included (at least 2). */
  users?: number;
  seed?: number;
  now?: Date;
  /**
   * The administrator's Hardline number (default: admin@hardline.test's). Device numbers are unique
   * across the database, so a second organisation seeded beside the first needs its own.
   */
  adminDevicePhoneNumber?: string;
}

export interface SeedResult {
  orgId: string;
  adminMemberId: string;
  members: number;
}

interface MemberInsert extends SeedMember {
  cognitoSub: string | null;
  phoneNumber: string;
  isAdmin: boolean;
  devicePhoneNumber: string | null;
  lastActiveAt: Date | null;
}

function roleFor(r: number): Role {
  if (r < 0.6) return 'Field Worker';
  if (r < 0.82) return 'Supervisor';
  if (r < 0.95) return 'Project Manager';
  return 'Admin';
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

function buildCrew(rng: () => number, count: number, now: Date): MemberInsert[] {
  const emails = new Set<string>([SEED_ADMIN.email, SEED_FIRST_TIME.email]);
  const members: MemberInsert[] = [];
  for (let i = 0; i < count; i++) {
    const first = pick(rng, FIRST_NAMES);
    const last = pick(rng, LAST_NAMES);
    const base = `${slug(first)}.${slug(last)}`;
    let email = `${base}@${EMAIL_DOMAIN}`;
    for (let n = 2; emails.has(email); n++) email = `${base}${n}@${EMAIL_DOMAIN}`;
    emails.add(email);
    const role = roleFor(rng());
    const isActive = rng() < 0.8;
    const createdAt = new Date(now.getTime() - Math.floor(rng() * 730 * DAY) - Math.floor(rng() * DAY));
    const sinceCreated = now.getTime() - createdAt.getTime();
    const lastActiveAt = isActive
      ? new Date(now.getTime() - Math.floor(rng() * Math.min(sinceCreated, 60 * DAY)))
      : rng() < 0.2
        ? new Date(createdAt.getTime() + Math.floor(rng() * sinceCreated))
        : null;
    const exchange = 201 + Math.floor(rng() * 788);
    const line = Math.floor(rng() * 10_000);
    members.push({
      id: seededId(rng),
      cognitoSub: null,
      name: `${first} ${last}`,
      email,
      phoneNumber: `+1${pick(rng, AREA_CODES)}${exchange}${String(line).padStart(4, '0')}`,
      role,
      isAdmin: role === 'Admin',
      isActive,
      hasLicense: rng() < (role === 'Field Worker' ? 0.55 : 0.85),
      createdAt,
      devicePhoneNumber: null,
      lastActiveAt,
    });
  }
  return members;
}

async function insertMembers(db: Queryable, orgId: string, members: readonly MemberInsert[]): Promise<void> {
  const columns = 12;
  const batch = 1000;
  for (let start = 0; start < members.length; start += batch) {
    const slice = members.slice(start, start + batch);
    const params: unknown[] = [];
    const tuples = slice.map((m, i) => {
      params.push(
        m.id,
        orgId,
        m.cognitoSub,
        m.name,
        m.email,
        m.phoneNumber,
        m.role,
        m.hasLicense,
        m.isActive,
        m.isAdmin,
        m.createdAt,
        m.lastActiveAt,
      );
      const base = i * columns;
      return `(${Array.from({ length: columns }, (_, k) => `$${base + k + 1}`).join(', ')})`;
    });
    await db.query(
      `INSERT INTO members (id, org_id, cognito_sub, name, email, phone_number, role, has_license, is_active, is_admin, created_at, last_active_at) VALUES ${tuples.join(', ')}`,
      params,
    );
  }
  const devices = members.filter((m) => m.devicePhoneNumber);
  for (const m of devices) await db.query('UPDATE members SET device_phone_number = $1 WHERE id = $2', [m.devicePhoneNumber, m.id]);
}

/** True when the database holds no organisation yet (a fresh or reset stack). */
export async function isEmpty(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM organizations');
  return (rows[0]?.n ?? 0) === 0;
}

export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedResult> {
  const rng = seededRandom(options.seed ?? 20_260_101);
  const now = options.now ?? new Date();
  const total = Math.max(2, options.users ?? DEFAULT_SEED_USERS);
  const orgId = seededId(rng);

  const admin: MemberInsert = {
    id: seededId(rng),
    cognitoSub: options.adminSub,
    name: SEED_ADMIN.name,
    email: SEED_ADMIN.email,
    phoneNumber: SEED_ADMIN.phoneNumber,
    role: 'Admin',
    isAdmin: true,
    isActive: true,
    hasLicense: true,
    createdAt: new Date(now.getTime() - 731 * DAY),
    devicePhoneNumber: options.adminDevicePhoneNumber ?? SEED_ADMIN.devicePhoneNumber,
    lastActiveAt: new Date(now.getTime() - DAY),
  };
  const firstTime: MemberInsert = {
    id: seededId(rng),
    cognitoSub: options.firstTimeSub ?? null,
    name: SEED_FIRST_TIME.name,
    email: SEED_FIRST_TIME.email,
    phoneNumber: SEED_FIRST_TIME.phoneNumber,
    role: 'Field Worker',
    isAdmin: false,
    isActive: false,
    hasLicense: true,
    createdAt: new Date(now.getTime() - 2 * DAY),
    devicePhoneNumber: null,
    lastActiveAt: null,
  };
  const members = [admin, firstTime, ...buildCrew(rng, total - 2, now)];

  await db.transaction(async (tx) => {
    await tx.query('INSERT INTO organizations (id, name, created_at) VALUES ($1, $2, $3)', [
      orgId,
      SEED_ORGANIZATION,
      new Date(now.getTime() - 740 * DAY),
    ]);
    await insertMembers(tx, orgId, members);
    // firsttime@hardline.test was created by an administrator with a temporary password and has
    // never signed in: an invitation, sent when they were added, valid as long as the pool's
    // temporary passwords (the local stack's: the default).
    if (firstTime.cognitoSub !== null) {
      await tx.query(
        'UPDATE members SET invited_at = created_at, invitation_expires_at = created_at + make_interval(days => $2) WHERE id = $1',
        [firstTime.id, DEFAULT_TEMPORARY_PASSWORD_DAYS],
      );
    }
  });
  await db.exec('ANALYZE members;');

  const seedMembers: SeedMember[] = members.map(({ id, name, email, role, isActive, hasLicense, createdAt }) => ({
    id,
    name,
    email,
    role,
    isActive,
    hasLicense,
    createdAt,
  }));
  for (const module of options.modules) {
    if (module.seed) await module.seed({ db, orgId, adminMemberId: admin.id, members: seedMembers, rng, now, config: options.config });
  }
  // Statistics for every table the modules filled, and the visibility map that lets counts be
  // answered from an index alone (PGlite has no autovacuum, so neither would come on its own).
  await db.exec('VACUUM ANALYZE');
  return { orgId, adminMemberId: admin.id, members: members.length };
}
