/**
 * /api/users (SPEC §7): the organisation's members. Every query is scoped to the caller's
 * organisation (`adminOf(c).orgId`); an id from another organisation is 404 like a missing one.
 * Every change runs under the administrator rules of ./admin.ts (the organisation locked, the
 * caller's rights read again, an active administrator kept). Licence and status changes state the
 * wanted value, and an edit may state the version it was made from (README: the reference API).
 * Every change that changes something is recorded in the activity trail in its own transaction
 * (server/audit); one that changes nothing (the value already there) records nothing.
 */
import type { Hono } from 'hono';
import * as v from 'valibot';
import {
  BulkUpdateRequestSchema,
  IdParamSchema,
  type BulkUpdateResponse,
  type User,
  type UserListResponse,
  type UserStats,
} from '../../src/contract/api';
import {
  ApiError,
  adminOf,
  parseBody,
  parseValue,
  type AppContext,
  type AppEnv,
  type ServerDeps,
  type ServerModule,
  type UserPoolAdmin,
  handle,
} from '../core/module';
import { MEMBER_COLUMNS, isUniqueViolation, toUser, type MemberRow } from '../core/members';
import type { Database, Queryable } from '../core/db';
import { asAdministrator } from './admin';
import { bulkByFilter } from './bulkByFilter';
import { BulkByFilterRequestSchema } from '../../src/contract/bulkByFilter';
import { createInviter, duplicateEmail } from './invite';
import { sourceOf, whereOf } from './search';
import { orderBySql, orderOf } from './sort';
import { registerExport } from './export';
import { IMPORT_BODY_LIMIT, IMPORT_ROUTE, registerImports } from './imports';
import { createImportRunner, type ImportRunner } from './importRunner';
import { registerInvitations } from './invitations';
import { changedValues, memberValues, recordAudit, type AuditChange } from '../audit';
import { memberFigures } from '../figures';
import { accessChangesOf, accountsLeftBehind, findMember, followStatus, withPoolAccess, type AccessChange } from './access';
import { assertEmailNotInRecentlyDeleted, registerRecentlyDeleted } from './restore';
import { startPurge } from './purge';
import { usersRoutes } from '../../src/contract/routes/users';

const CHANGED_BY_SOMEONE_ELSE = 'This member was changed by someone else';

/** The administrator may not lock themself out: no self-deactivation, no dropping their own Admin role. */
function guardSelf(callerMemberId: string, targetId: string, change: { isActive?: boolean | undefined; role?: string | undefined }): void {
  if (targetId !== callerMemberId) return;
  if (change.isActive === false) throw new ApiError(400, 'You cannot deactivate your own account.', 'isActive');
  if (change.role !== undefined && change.role !== 'Admin') throw new ApiError(400, 'You cannot remove your own Admin role.', 'role');
}

async function insertMember(
  db: Queryable,
  orgId: string,
  input: { name: string; email: string; phoneNumber: string; role: User['role']; hasLicense: boolean; isActive: boolean },
): Promise<MemberRow> {
  await assertEmailNotInRecentlyDeleted(db, orgId, input.email);
  try {
    const { rows } = await db.query<MemberRow>(
      `INSERT INTO members (id, org_id, name, email, phone_number, role, has_license, is_active, is_admin)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${MEMBER_COLUMNS}`,
      [
        crypto.randomUUID(),
        orgId,
        input.name,
        input.email,
        input.phoneNumber,
        input.role,
        input.hasLicense,
        input.isActive,
        input.role === 'Admin',
      ],
    );
    return rows[0] as MemberRow;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail(input.email);
    throw error;
  }
}

/** The path id, bounded and clean like a body field (400 naming `id` otherwise). */
function idParam(c: AppContext): string {
  return parseValue(IdParamSchema, { id: c.req.param('id') ?? '' }).id;
}

const FLAGS = {
  has_license: { field: 'hasLicense', kind: 'member.license' },
} as const;

/** How many times a bodiless status toggle reads again when another change landed in between. */
const STATUS_ATTEMPTS = 5;

/**
 * Sets a member's status to `value`, or flips it (no value, SPEC §7's toggle), with their pool
 * account following it (`withPoolAccess`). The write states the status it was read with, so a change
 * that landed in between is never overwritten: two toggles at once still flip it twice, each with
 * its own pool call.
 */
async function setStatus(c: AppContext, db: Database, userPool: UserPoolAdmin, value: boolean | undefined) {
  const scope = adminOf(c);
  const id = idParam(c);
  // Your own status can only flip one way: you are active, since you are calling.
  guardSelf(scope.memberId, id, { isActive: value ?? false });
  for (let attempt = 0; attempt < STATUS_ATTEMPTS; attempt++) {
    const current = await asAdministrator(db, scope, (tx) => findMember(tx, scope.orgId, id));
    const wanted = value ?? !current.is_active;
    if (wanted === current.is_active) return c.json({ user: toUser(current) });
    const changes = accessChangesOf([current], wanted);
    const row = await withPoolAccess({ userPool, db }, changes, () =>
      asAdministrator(db, scope, async (tx) => {
        const { rows } = await tx.query<MemberRow>(
          `UPDATE members SET is_active = $3 WHERE org_id = $1 AND id = $2 AND is_active = $4 RETURNING ${MEMBER_COLUMNS}`,
          [scope.orgId, id, wanted, current.is_active],
        );
        const changed = rows[0];
        if (changed) {
          await recordAudit(tx, scope, {
            kind: 'member.status',
            member: changed,
            before: { isActive: !wanted },
            after: { isActive: wanted },
          });
        }
        return changed ?? null;
      }),
    );
    if (row) return c.json({ user: toUser(row) });
    // Changed in between (to `wanted`, the only other value, which the pool now has as well): read again.
  }
  throw new ApiError(409, CHANGED_BY_SOMEONE_ELSE, 'isActive');
}

/**
 * Sets a member's flag to `value`, or, with no value (SPEC §7's bodiless toggle), flips it in one
 * statement: two toggles at once flip it twice, never read-then-write the same old value.
 */
async function setFlag(c: AppContext, db: Database, column: 'has_license', value: boolean | undefined) {
  const scope = adminOf(c);
  const id = idParam(c);
  const row = await asAdministrator(db, scope, async (tx) => {
    const { rows } =
      value === undefined
        ? await tx.query<MemberRow>(
            `UPDATE members SET ${column} = NOT ${column} WHERE org_id = $1 AND id = $2 RETURNING ${MEMBER_COLUMNS}`,
            [scope.orgId, id],
          )
        : await tx.query<MemberRow>(
            `UPDATE members SET ${column} = $3 WHERE org_id = $1 AND id = $2 AND ${column} IS DISTINCT FROM $3 RETURNING ${MEMBER_COLUMNS}`,
            [scope.orgId, id, value],
          );
    const changed = rows[0];
    if (!changed) return findMember(tx, scope.orgId, id);
    const { field, kind } = FLAGS[column];
    const now = changed.has_license;
    await recordAudit(tx, scope, { kind, member: changed, before: { [field]: !now }, after: { [field]: now } });
    return changed;
  });
  return c.json({ user: toUser(row) });
}

/** The import runner of this process per database (started with the API: `usersModule.start`). */
const importRunners = new WeakMap<Database, ImportRunner>();

function register(app: Hono<AppEnv>, { db, userPool }: ServerDeps): void {
  const invite = createInviter(db, userPool);
  registerImports(app, db, { started: (database, id) => importRunners.get(database)?.kick(id) });

  handle(app, usersRoutes.list, async (c) => {
    const { orgId } = adminOf(c);
    const query = parseValue(usersRoutes.list.query, c.req.query());
    const page = Number(query.page);
    const limit = Number(query.limit);
    const where = whereOf({ orgId, search: query.search, role: query.role, status: query.status });
    const order = orderOf(query.sort);
    const from = sourceOf(query);
    const countMatching = async () =>
      (await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${from} WHERE ${where.sql}`, where.params)).rows[0]?.total ??
      0;
    const pageSql = (columns: string) =>
      `SELECT ${columns} FROM ${from} WHERE ${where.sql}
        ORDER BY ${orderBySql(order)} LIMIT $${where.params.length + 1} OFFSET $${where.params.length + 2}`;
    const pageParams = [...where.params, limit, (page - 1) * limit];
    let rows: MemberRow[];
    let total: number;
    if (query.search?.trim()) {
      // A search: one pass over the matching rows (few, through the trigram index) gives the page
      // and, as a window count over the same WHERE, the total; a separate count(*) would scan the
      // trigram index a second time. A page past the end has no row to carry the total.
      // The matching rows are a MATERIALIZED CTE: PostgreSQL's planner costs `LIMIT` over the window
      // as if it stopped after 25 rows, and so walks the sort key's index over the whole organisation,
      // filtering each row (343 ms for "smith" at 100,000 members), where the trigram index reads
      // only the 1,428 matches (42 ms). `npm run bench -- --only load` measures it.
      const list = await db.query<MemberRow & { total_matching: number }>(
        `WITH matching AS MATERIALIZED (SELECT ${MEMBER_COLUMNS} FROM ${from} WHERE ${where.sql})
          SELECT *, count(*) OVER ()::int AS total_matching FROM matching
          ORDER BY ${orderBySql(order)} LIMIT $${where.params.length + 1} OFFSET $${where.params.length + 2}`,
        pageParams,
      );
      rows = list.rows;
      total = list.rows[0]?.total_matching ?? (page > 1 ? await countMatching() : 0);
    } else {
      // No search: the page is read from the sort key's index, 25 rows and no more, and the total is
      // counted on its own. A window count here would make every row of the organisation (100,000
      // and more) be read and sorted to send 25 of them.
      rows = (await db.query<MemberRow>(pageSql(MEMBER_COLUMNS), pageParams)).rows;
      total = await countMatching();
    }
    const body: UserListResponse = { users: rows.map(toUser), total, page, limit };
    return c.json(body);
  });

  registerExport(app, db);
  registerInvitations(app, db, userPool);

  handle(app, usersRoutes.stats, async (c) => {
    const { orgId } = adminOf(c);
    // Quick Stats and the Dashboard's figures: defined once, in server/figures (the Assistant reads them too).
    const stats: UserStats = await memberFigures(db, orgId);
    return c.json(stats);
  });

  handle(app, usersRoutes.create, async (c) => {
    const scope = adminOf(c);
    const input = await parseBody(c, usersRoutes.create.body);
    const row = await asAdministrator(db, scope, async (tx) => {
      const created = await insertMember(tx, scope.orgId, input);
      await recordAudit(tx, scope, { kind: 'member.created', member: created, after: memberValues(created) });
      return created;
    });
    return c.json({ user: toUser(row) }, 201);
  });

  handle(app, usersRoutes.invite, async (c) => {
    const scope = adminOf(c);
    const input = await parseBody(c, usersRoutes.invite.body);
    const { member, created } = await invite(scope, input);
    return c.json({ user: toUser(member) }, created ? 201 : 200);
  });

  handle(app, usersRoutes.bulkUpdate, async (c) => {
    const scope = adminOf(c);
    const body = await parseBody(c, v.looseObject({}));
    if ('filter' in body) {
      // By filter (./bulkByFilter.ts): every member the list shows for it, in one transaction.
      const { filter, updates } = parseValue(BulkByFilterRequestSchema, body);
      return c.json(await bulkByFilter({ db, userPool }, scope, filter, updates));
    }
    const { userIds, updates } = parseValue(BulkUpdateRequestSchema, body);
    const ids = [...new Set(userIds)];
    for (const id of ids) guardSelf(scope.memberId, id, updates);
    // The members whose status changes: their pool accounts follow (`withPoolAccess`), before the write.
    let access: AccessChange[] = [];
    if (updates.isActive !== undefined) {
      const wanted = updates.isActive;
      const { rows: targets } = await asAdministrator(db, scope, (tx) =>
        tx.query<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM members WHERE org_id = $1 AND id = ANY($2::text[])`, [scope.orgId, ids]),
      );
      if (targets.length !== ids.length) throw new ApiError(404, 'One or more users were not found.', 'userIds');
      access = accessChangesOf(targets, wanted);
    }
    const updated = await withPoolAccess({ userPool, db }, access, () =>
      asAdministrator(db, scope, async (tx) => {
        const { rows: before } = await tx.query<MemberRow>(
          `SELECT ${MEMBER_COLUMNS} FROM members WHERE org_id = $1 AND id = ANY($2::text[]) FOR UPDATE`,
          [scope.orgId, ids],
        );
        const { rows } = await tx.query<MemberRow>(
          `UPDATE members SET
            role = COALESCE($3, role),
            is_admin = CASE WHEN $3::text IS NULL THEN is_admin ELSE $3::text = 'Admin' END,
            has_license = COALESCE($4, has_license),
            is_active = COALESCE($5, is_active)
          WHERE org_id = $1 AND id = ANY($2::text[]) RETURNING ${MEMBER_COLUMNS}`,
          [scope.orgId, ids, updates.role ?? null, updates.hasLicense ?? null, updates.isActive ?? null],
        );
        // All or nothing: an id that is not in this organisation rolls the whole update back.
        if (rows.length !== ids.length) throw new ApiError(404, 'One or more users were not found.', 'userIds');
        // One entry per member whose values changed (a member already as asked gets none).
        const previous = new Map(before.map((row) => [row.id, memberValues(row)]));
        const changes = rows.flatMap((row): AuditChange[] => {
          const change = changedValues(previous.get(row.id) ?? {}, memberValues(row));
          return change ? [{ kind: 'members.bulk', member: row, ...change }] : [];
        });
        await recordAudit(tx, scope, ...changes);
        const answer: BulkUpdateResponse = { updated: rows.length, changedIds: changes.map((change) => change.member.id) };
        return { answer, leftBehind: accountsLeftBehind(before, updates.isActive, access) };
      }),
    );
    await followStatus(userPool, updated.leftBehind);
    return c.json(updated.answer);
  });

  handle(app, usersRoutes.get, async (c) => {
    const { orgId } = adminOf(c);
    return c.json({ user: toUser(await findMember(db, orgId, idParam(c))) });
  });

  handle(app, usersRoutes.update, async (c) => {
    const scope = adminOf(c);
    const id = idParam(c);
    const { version, ...updates } = await parseBody(c, usersRoutes.update.body);
    guardSelf(scope.memberId, id, updates);
    // A status changed by an edit: the pool account follows, as for the toggle (`withPoolAccess`).
    let access: AccessChange[] = [];
    if (updates.isActive !== undefined) {
      const target = await asAdministrator(db, scope, (tx) => findMember(tx, scope.orgId, id));
      access = accessChangesOf([target], updates.isActive);
    }
    const written = await withPoolAccess({ userPool, db }, access, () =>
      asAdministrator(db, scope, async (tx) => {
        const current = await findMember(tx, scope.orgId, id, { lock: true });
        if (version !== undefined && current.version !== version) throw new ApiError(409, CHANGED_BY_SOMEONE_ELSE, 'version');
        const leftBehind = accountsLeftBehind([current], updates.isActive, access);
        if (updates.email !== undefined && updates.email !== current.email)
          await assertEmailNotInRecentlyDeleted(tx, scope.orgId, updates.email);
        let row: MemberRow;
        try {
          const { rows } = await tx.query<MemberRow>(
            `UPDATE members SET
              name = COALESCE($3, name),
              email = COALESCE($4, email),
              phone_number = COALESCE($5, phone_number),
              role = COALESCE($6, role),
              is_admin = CASE WHEN $6::text IS NULL THEN is_admin ELSE $6::text = 'Admin' END,
              has_license = COALESCE($7, has_license),
              is_active = COALESCE($8, is_active)
            WHERE org_id = $1 AND id = $2 RETURNING ${MEMBER_COLUMNS}`,
            [
              scope.orgId,
              id,
              updates.name ?? null,
              updates.email ?? null,
              updates.phoneNumber ?? null,
              updates.role ?? null,
              updates.hasLicense ?? null,
              updates.isActive ?? null,
            ],
          );
          row = rows[0] as MemberRow;
        } catch (error) {
          if (isUniqueViolation(error)) throw duplicateEmail(updates.email ?? '');
          throw error;
        }
        const change = changedValues(memberValues(current), memberValues(row));
        if (change) await recordAudit(tx, scope, { kind: 'member.edited', member: row, ...change });
        return { row, leftBehind };
      }),
    );
    await followStatus(userPool, written.leftBehind);
    const { row } = written;
    return c.json({ user: toUser(row) });
  });

  // DELETE /api/users/:id moves the member to Recently deleted; POST /api/users/:id/restore (./restore.ts).
  registerRecentlyDeleted(app, { db, userPool });

  // SPEC §7's toggle paths: no body flips the flag; the wanted value in the body (an extension, the console's) sets it.
  handle(app, usersRoutes.setLicense, async (c) => {
    adminOf(c);
    const { hasLicense } = await parseBody(c, usersRoutes.setLicense.body);
    return setFlag(c, db, 'has_license', hasLicense);
  });
  handle(app, usersRoutes.setStatus, async (c) => {
    adminOf(c);
    const { isActive } = await parseBody(c, usersRoutes.setStatus.body);
    return setStatus(c, db, userPool, isActive);
  });
}

export const usersModule: ServerModule = {
  name: 'users',
  register,
  bodyLimits: { [IMPORT_ROUTE]: IMPORT_BODY_LIMIT },
  /**
   * Runs import jobs: those started here, and those a stopped process left (./importRunner.ts).
   * `stop()` (the API's graceful close) hands the running jobs over at once.
   * Also removes for good the members deleted 30 days ago (./purge.ts), now and every hour.
   */
  start({ db, userPool }, { onError } = {}) {
    const runner = createImportRunner({ db, userPool }, onError ? { onError } : {});
    importRunners.set(db, runner);
    void runner.resume().catch(onError ?? ((error: unknown) => console.error('[api] members import', error)));
    const purge = startPurge({ db, userPool }, onError ? { onError } : {});
    return {
      async stop() {
        importRunners.delete(db);
        await Promise.all([runner.stop(), purge.stop()]);
      },
    };
  },
};
