// @vitest-environment node
/**
 * The rules the members routes are built on, one by one, on a real database: which members a
 * search and the filters select (server/users/search.ts), the list's order and how a batch continues
 * after the last row (server/users/sort.ts), and the administrator rules every change runs under
 * (server/users/admin.ts). The routes' tests (users*.test.ts) check them through HTTP; these name
 * each rule's cases, and are fast enough for the mutation run (stryker.config.json mutates these files).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../server/core/module';
import type { Database } from '../../server/core/db';
import { LAST_ACTIVE_ADMIN, NO_LONGER_ADMIN, asAdministrator } from '../../server/users/admin';
import { whereOf, sourceOf, type ListFilter } from '../../server/users/search';
import { afterSql, orderBySql, orderOf, sortValueSql, SORT_KEYS } from '../../server/users/sort';
import { USER_SORT_KEYS } from '../../src/contract/api';
import { openTestDatabase } from './support/db';

let db: Database;

/** The crew of org 'summit' (and one member of 'rival', whom no filter of summit's may return). */
const crew = [
  {
    id: 'm1',
    name: 'Maria Garcia',
    email: 'maria@summit.test',
    phone: '+14155550142',
    role: 'Supervisor',
    active: true,
    admin: false,
    created: '2026-01-01T08:00:00.123456Z',
    seen: '2026-06-01T10:00:00Z',
  },
  {
    id: 'm2',
    name: 'james okafor',
    email: 'James.Okafor@summit.test',
    phone: '+12125550199',
    role: 'Field Worker',
    active: false,
    admin: false,
    created: '2026-01-02T08:00:00Z',
    seen: null,
  },
  {
    id: 'm3',
    name: 'Priya Patel',
    email: 'priya@summit.test',
    phone: '+13035551234',
    role: 'Project Manager',
    active: true,
    admin: false,
    created: '2026-01-03T08:00:00Z',
    seen: '2026-05-01T10:00:00Z',
  },
  {
    id: 'm4',
    name: 'Ann Admin',
    email: 'ann@summit.test',
    phone: '+15550000001',
    role: 'Admin',
    active: true,
    admin: true,
    created: '2026-01-04T08:00:00Z',
    seen: '2026-06-02T10:00:00Z',
  },
  {
    id: 'm5',
    name: '50% Concrete_Crew',
    email: 'crew@summit.test',
    phone: '+15550000002',
    role: 'Field Worker',
    active: true,
    admin: false,
    created: '2026-01-05T08:00:00Z',
    seen: null,
  },
  {
    id: 'm6',
    name: 'Maria Lopez',
    email: 'lopez@summit.test',
    phone: '+15550000003',
    role: 'Field Worker',
    active: true,
    admin: false,
    created: '2026-01-05T08:00:00Z',
    seen: null,
  },
  {
    id: 'm7',
    name: 'Dan Deleted',
    email: 'dan@summit.test',
    phone: '+15550000004',
    role: 'Supervisor',
    active: true,
    admin: false,
    created: '2026-01-06T08:00:00Z',
    seen: null,
    deleted: true,
  },
  {
    id: 'r1',
    org: 'rival',
    name: 'Maria Rival',
    email: 'maria@rival.test',
    phone: '+14155550142',
    role: 'Supervisor',
    active: true,
    admin: true,
    created: '2026-01-01T08:00:00Z',
    seen: null,
  },
];

beforeAll(async () => {
  db = await openTestDatabase();
  await db.query("INSERT INTO organizations (id, name) VALUES ('summit', 'Summit Builders'), ('rival', 'Rival Co')");
  for (const m of crew)
    await db.query(
      `INSERT INTO member_rows (id, org_id, name, email, phone_number, role, is_active, is_admin, created_at, last_active_at, deleted_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        m.id,
        m.org ?? 'summit',
        m.name,
        m.email,
        m.phone,
        m.role,
        m.active,
        m.admin,
        m.created,
        m.seen,
        m.deleted ? '2026-06-10T00:00:00Z' : null,
      ],
    );
}, 120_000);

afterAll(async () => {
  await db.close();
});

async function ids(filter: Omit<ListFilter, 'orgId'>, orgId = 'summit'): Promise<string[]> {
  const where = whereOf({ orgId, ...filter });
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM ${sourceOf(filter)} WHERE ${where.sql} ORDER BY id`, where.params);
  return rows.map((r) => r.id);
}

describe('which members a search and the filters select', () => {
  it('selects every member of the organisation, and no one of another, when nothing is asked', async () => {
    expect(await ids({})).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
    expect(await ids({ search: '   ' })).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
    expect(await ids({}, 'rival')).toEqual(['r1']);
  });

  it('matches a part of the name or the e-mail, whatever the case and the spaces around it', async () => {
    expect(await ids({ search: 'maria' })).toEqual(['m1', 'm6']);
    expect(await ids({ search: '  OKAFOR ' })).toEqual(['m2']);
    expect(await ids({ search: 'james.okafor@' })).toEqual(['m2']);
    expect(await ids({ search: 'patel maria' })).toEqual([]);
  });

  it('matches "%", "_" and "\\" as themselves, not as wildcards', async () => {
    expect(await ids({ search: '50%' })).toEqual(['m5']);
    expect(await ids({ search: 'e_c' })).toEqual(['m5']);
    expect(await ids({ search: '%' })).toEqual(['m5']);
    expect(await ids({ search: '_' })).toEqual(['m5']);
    expect(await ids({ search: 'a\\' })).toEqual([]);
  });

  it('matches the digits of a phone fragment however it is written', async () => {
    expect(await ids({ search: '(415) 555-01' })).toEqual(['m1']);
    expect(await ids({ search: '+1 303.555' })).toEqual(['m3']);
    expect(await ids({ search: '5550199' })).toEqual(['m2']);
    // Punctuation alone has no digits: it is searched as text, and no name holds it.
    expect(await ids({ search: '()' })).toEqual([]);
    // Letters make it text, before the digits or after them: "555 a" and "ann 555" are not the digits 555.
    expect(await ids({ search: '555 a' })).toEqual([]);
    expect(await ids({ search: 'ann 555' })).toEqual([]);
    expect(await ids({ search: '555' })).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
    expect(await ids({ search: 'a555' })).toEqual([]);
    // Brackets, signs and spaces may come before the first digit, and one digit is a fragment too.
    expect(await ids({ search: '(+1) 415' })).toEqual(['m1']);
    expect(await ids({ search: '( 415' })).toEqual(['m1']);
    expect(await ids({ search: '5' })).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
  });

  it('filters by role, by status, and by both with a search', async () => {
    expect(await ids({ role: 'Field Worker' })).toEqual(['m2', 'm5', 'm6']);
    expect(await ids({ status: 'active' })).toEqual(['m1', 'm3', 'm4', 'm5', 'm6']);
    expect(await ids({ status: 'pending' })).toEqual(['m2']);
    expect(await ids({ role: 'Field Worker', status: 'active', search: 'maria' })).toEqual(['m6']);
  });

  it('reads Recently deleted from the deleted members only, and every other filter from the rest', async () => {
    expect(sourceOf({ status: 'deleted' })).toBe('member_rows');
    for (const status of [undefined, 'active', 'pending'] as const) expect(sourceOf({ status })).toBe('members');
    expect(await ids({ status: 'deleted' })).toEqual(['m7']);
    expect(await ids({ status: 'deleted', search: 'maria' })).toEqual([]);
  });

  it('numbers its parameters from $1, the organisation first', () => {
    expect(whereOf({ orgId: 'summit' })).toEqual({ sql: 'org_id = $1', params: ['summit'] });
    expect(whereOf({ orgId: 'summit', search: ' \t ' })).toEqual({ sql: 'org_id = $1', params: ['summit'] });
    expect(whereOf({ orgId: 'summit', search: '555', role: 'Admin' })).toEqual({
      sql: 'org_id = $1 AND (search_text LIKE $2 OR phone_digits LIKE $3) AND role = $4',
      params: ['summit', '%555%', '%555%', 'Admin'],
    });
  });
});

describe("the members list's order", () => {
  async function ordered(sort: Parameters<typeof orderOf>[0]): Promise<string[]> {
    const where = whereOf({ orgId: 'summit' });
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM members WHERE ${where.sql} ORDER BY ${orderBySql(orderOf(sort))}`,
      where.params,
    );
    return rows.map((r) => r.id);
  }

  it('is newest first by default, and an unknown key falls back to the date added', async () => {
    expect(orderOf(undefined)).toEqual({ key: 'created', descending: true });
    expect(orderOf('-nonsense' as never)).toEqual({ key: 'created', descending: true });
    expect(orderOf('nonsense' as never)).toEqual({ key: 'created', descending: false });
    // m5 and m6 were added at the same moment: the id breaks the tie, the same way as the key.
    expect(await ordered(undefined)).toEqual(['m6', 'm5', 'm4', 'm3', 'm2', 'm1']);
    expect(await ordered('created')).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
  });

  it('sorts names and e-mails without regard to case', async () => {
    expect(await ordered('name')).toEqual(['m5', 'm4', 'm2', 'm1', 'm6', 'm3']);
    expect(await ordered('-name')).toEqual(['m3', 'm6', 'm1', 'm2', 'm4', 'm5']);
    expect(await ordered('email')).toEqual(['m4', 'm5', 'm2', 'm6', 'm1', 'm3']);
  });

  it('sorts by role, and puts members never active first oldest-first and last newest-first', async () => {
    expect(await ordered('role')).toEqual(['m4', 'm2', 'm5', 'm6', 'm3', 'm1']);
    expect(await ordered('lastActive')).toEqual(['m2', 'm5', 'm6', 'm3', 'm1', 'm4']);
    expect(await ordered('-lastActive')).toEqual(['m4', 'm1', 'm3', 'm6', 'm5', 'm2']);
  });

  it('continues a batch after its last row, in both directions, to the microsecond', async () => {
    for (const key of USER_SORT_KEYS)
      for (const descending of [false, true]) {
        const order = { key, descending };
        const where = whereOf({ orgId: 'summit' });
        const all = await db.query<{ id: string; sort_value: string }>(
          `SELECT id, ${sortValueSql(order)} FROM members WHERE ${where.sql} ORDER BY ${orderBySql(order)}`,
          where.params,
        );
        // Read it again two rows at a time, each batch after the last row of the one before.
        const batched: string[] = [];
        let last: { id: string; sort_value: string } | undefined;
        for (;;) {
          const params: unknown[] = [...where.params];
          let sql = `SELECT id, ${sortValueSql(order)} FROM members WHERE ${where.sql}`;
          if (last) {
            params.push(last.sort_value, last.id);
            sql += ` AND ${afterSql(order, where.params.length + 1)}`;
          }
          const { rows } = await db.query<{ id: string; sort_value: string }>(`${sql} ORDER BY ${orderBySql(order)} LIMIT 2`, params);
          if (rows.length === 0) break;
          batched.push(...rows.map((r) => r.id));
          last = rows.at(-1);
        }
        expect({ key, descending, batched }).toEqual({ key, descending, batched: all.rows.map((r) => r.id) });
      }
  });

  it('keeps the microseconds of a time in the value a batch continues from', async () => {
    const { rows } = await db.query<{ sort_value: string }>(`SELECT ${sortValueSql(orderOf('created'))} FROM members WHERE id = 'm1'`);
    expect(rows[0]?.sort_value).toMatch(/08:00:00\.123456/);
  });

  it('has one SQL expression per sort key the contract names', () => {
    expect(Object.keys(SORT_KEYS).sort()).toEqual([...USER_SORT_KEYS].sort());
    expect(afterSql({ key: 'name', descending: false }, 3)).toBe('(lower(name), id) > ($3::text, $4::text)');
    expect(afterSql({ key: 'created', descending: true }, 1)).toBe('(created_at, id) < ($1::timestamptz, $2::text)');
  });
});

describe('the administrator rules every change to the members runs under', () => {
  const scope = { orgId: 'summit', memberId: 'm4' };

  async function rejection(work: Promise<unknown>): Promise<{ status: number; message: string }> {
    const error = await work.then(
      () => null,
      (e: unknown) => e,
    );
    if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
    return { status: error.status, message: error.message };
  }

  it('runs the change and returns its result while an active administrator remains', async () => {
    const result = await asAdministrator(db, scope, async (tx) => {
      await tx.query("UPDATE members SET role = 'Supervisor' WHERE id = 'm2'");
      return 'done';
    });
    expect(result).toBe('done');
    expect((await db.query<{ role: string }>("SELECT role FROM members WHERE id = 'm2'")).rows[0]?.role).toBe('Supervisor');
  });

  it('refuses, and rolls back, a change that leaves the organisation without an active administrator', async () => {
    const deactivate = asAdministrator(db, scope, (tx) => tx.query("UPDATE members SET is_active = false WHERE id = 'm4'"));
    expect(await rejection(deactivate)).toEqual({ status: 409, message: 'An organisation needs at least one active administrator.' });
    const demote = asAdministrator(db, scope, (tx) => tx.query("UPDATE members SET is_admin = false WHERE id = 'm4'"));
    expect(await rejection(demote)).toEqual({ status: 409, message: LAST_ACTIVE_ADMIN });
    expect(LAST_ACTIVE_ADMIN).toBe('An organisation needs at least one active administrator.');
    const { rows } = await db.query<{ is_active: boolean; is_admin: boolean }>("SELECT is_active, is_admin FROM members WHERE id = 'm4'");
    expect(rows[0]).toEqual({ is_active: true, is_admin: true });
  });

  it('refuses a caller who is no longer an active administrator, and runs nothing', async () => {
    let ran = false;
    const work = async () => {
      ran = true;
    };
    // m1 was never an administrator; m2 is not active; r1 is an administrator of another organisation.
    for (const memberId of ['m1', 'm2', 'r1', 'nobody'])
      expect(await rejection(asAdministrator(db, { orgId: 'summit', memberId }, work))).toEqual({
        status: 409,
        message: 'You are no longer an active administrator of this organisation, so nothing was changed.',
      });
    await db.query("UPDATE members SET is_active = false, is_admin = true WHERE id = 'm3'");
    expect(await rejection(asAdministrator(db, { orgId: 'summit', memberId: 'm3' }, work))).toEqual({
      status: 409,
      message: NO_LONGER_ADMIN,
    });
    await db.query("UPDATE members SET is_active = true, is_admin = false WHERE id = 'm3'");
    expect(ran).toBe(false);
  });
});
