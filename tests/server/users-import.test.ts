// @vitest-environment node
/**
 * Import CSV (src/contract/imports.ts, docs/USERS.md) against the reference API: the dry run, the
 * job that invites each row once (run by the real runner, over the real database), its progress,
 * cancel, the failed rows' file, the limits, and a job taken over after its process stopped
 * half-way through a row, which creates no second member and no second account.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import {
  CurrentImportResponseSchema,
  ImportFailedExportResponseSchema,
  ImportPreviewResponseSchema,
  ImportResponseSchema,
  type ImportJob,
  type ImportPreviewResponse,
} from '../../src/contract/imports';
import { formatCsv, parseCsv } from '../../src/domain/csv';
import { LIMITS } from '../../src/domain/limits';
import { startApiServer } from '../../server';
import type { Database } from '../../server/core/db';
import type { PoolAccount, UserPoolAdmin } from '../../server/core/module';
import { usersModule } from '../../server/users';
import { IMPORT_LINK_INVALID } from '../../server/users/imports';
import { createImportRunner } from '../../server/users/importRunner';
import { signupModule } from '../../server/signup';
import { addMembers, createTestApi, signUpOrganisation, type TestApi, type TestOrg } from './support/api';
import { userPoolNotUsed } from './support/user-pool';

const HEADER = ['Name', 'Email', 'Phone', 'Role', 'Licence'];

/** `count` members, row i (from 0) with a unique e-mail; the rows in `bad` have an error each (a bad phone, e-mail, role or licence in turn). */
function crew(count: number, { bad = new Set<number>(), prefix = 'crew' } = {}): string[][] {
  const rows = Array.from({ length: count }, (_, i) => {
    const row = [`Crew Member ${i}`, `${prefix}-${i}@site.test`, `555${String(i).padStart(7, '0')}`, 'Field Worker', i % 2 ? 'yes' : 'no'];
    if (bad.has(i)) {
      const which = i % 4;
      if (which === 0) row[2] = 'n/a';
      else if (which === 1) row[1] = 'not-an-email';
      else if (which === 2) row[3] = 'Foreman';
      else row[4] = 'maybe';
    }
    return row;
  });
  return [HEADER, ...rows];
}

/**
 * A user pool as strict as Cognito about usernames (one account per e-mail: a second is refused),
 * a boundary we do not own. It can hold the call after the `n`th account was made, as a process
 * that stops right then would leave it.
 */
class StrictPool implements UserPoolAdmin {
  readonly temporaryPasswordValidityDays = 7;
  readonly accounts = new Map<string, PoolAccount>();
  creates = 0;
  signedUp: UserPoolAdmin | null = null;
  private hold: { after: number; reached: () => void; gate: Promise<void> } | null = null;

  holdAfter(n: number) {
    let reached = () => {};
    let release = () => {};
    const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    this.hold = { after: this.accounts.size + n, reached, gate };
    return { reached: reachedPromise, release };
  }

  async createUserWithTemporaryPassword(input: { email: string }): Promise<{ sub: string }> {
    this.creates += 1;
    if (this.accounts.has(input.email)) throw new Error(`An account for ${input.email} already exists in the user pool.`);
    const account = { sub: crypto.randomUUID(), email: input.email };
    this.accounts.set(input.email, account);
    if (this.hold && this.accounts.size > this.hold.after) {
      const { reached, gate } = this.hold;
      this.hold = null;
      reached();
      await gate;
    }
    return { sub: account.sub };
  }

  async findAccount(username: string): Promise<PoolAccount | null> {
    return this.accounts.get(username) ?? (await this.signedUp?.findAccount?.(username)) ?? null;
  }

  /** Deletes as the pool does (by sub here: the invitation deletes an account it made by its sub). */
  async deleteUser(username: string): Promise<void> {
    for (const [email, account] of this.accounts) if (account.sub === username || email === username) this.accounts.delete(email);
  }

  // The import only creates, finds (and, undoing its own work, deletes) accounts.
  private readonly notUsed = userPoolNotUsed('The members import only creates and finds user pool accounts');
  resendInvitation = this.notUsed.resendInvitation;
  disableUser = this.notUsed.disableUser;
  enableUser = this.notUsed.enableUser;
  signOutEverywhere = this.notUsed.signOutEverywhere;
}

const MODULES = [signupModule, usersModule];
/** The API under test: with the fake pool and the module's own job runner, or with the strict pool and runners the test drives. */
let fake: TestApi;
let strict: TestApi;
const pool = new StrictPool();
let api: TestApi;
let org: TestOrg;
beforeAll(async () => {
  fake = await createTestApi(MODULES, { background: true });
  strict = await createTestApi(MODULES, { userPool: pool });
  // The administrators' own accounts (signup completion reads them) are the test harness's.
  pool.signedUp = strict.userPool;
}, 120_000);
afterAll(async () => {
  await fake?.close();
  await strict?.close();
});

/** A new organisation on `on`, for one test. */
async function open(on: TestApi): Promise<void> {
  api = on;
  org = await signUpOrganisation(api, `Summit Builders ${crypto.randomUUID().slice(0, 6)}`);
}

async function preview(
  csv: string,
  fileName = 'crew.csv',
): Promise<{ status: number; body: ImportPreviewResponse & { message?: string } }> {
  const response = await api.call('POST', '/api/users/imports', { sub: org.adminSub, body: { fileName, csv } });
  const body: unknown = await response.json();
  // A dry run answers what the contract says (the console parses it with the same schema).
  if (response.status === 201) return { status: 201, body: v.parse(ImportPreviewResponseSchema, body) };
  return { status: response.status, body: body as ImportPreviewResponse & { message?: string } };
}

async function job(id: string): Promise<ImportJob> {
  const response = await api.call('GET', `/api/users/imports/${id}`, { sub: org.adminSub });
  expect(response.status).toBe(200);
  return v.parse(ImportResponseSchema, await response.json()).import;
}

async function waitUntilFinished(id: string): Promise<ImportJob> {
  return vi.waitFor(
    async () => {
      const current = await job(id);
      if (current.status === 'running') throw new Error(`the import is still running: ${current.pending} rows pending`);
      return current;
    },
    { timeout: 150_000, interval: 20 },
  );
}

async function current(): Promise<ImportJob | null> {
  const response = await api.call('GET', '/api/users/imports/current', { sub: org.adminSub });
  expect(response.status).toBe(200);
  return v.parse(CurrentImportResponseSchema, await response.json()).import;
}

async function memberCount(): Promise<number> {
  const { rows } = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM members WHERE org_id = $1', [org.orgId]);
  return rows[0]?.n ?? 0;
}

describe('the dry run', () => {
  it('1,000 rows with 20 bad ones and 5 existing members: what will happen, row by row, and nothing made yet', async () => {
    await open(fake);
    const bad = new Set(Array.from({ length: 20 }, (_, k) => 17 + k * 41));
    const rows = crew(1000, { bad });
    await addMembers(
      api,
      org.orgId,
      [0, 1, 2, 3, 4].map((i) => ({ name: `Already ${i}`, email: `crew-${i}@site.test`, phoneNumber: '+15550000000' })),
    );
    const before = await memberCount();
    const { status, body } = await preview(formatCsv(rows));
    expect(status).toBe(201);
    expect(body.import).toMatchObject({ status: 'draft', total: 1000, toInvite: 975, existing: 5, invalid: 20, invited: 0, pending: 975 });
    expect(body.errors).toHaveLength(20);
    // Spreadsheet row numbers: the header is row 1.
    expect(body.errors[0]).toEqual({ row: 19, field: 'Email', message: 'Please enter a valid email address' });
    expect(body.errors[1]).toEqual({
      row: 60,
      field: 'Role',
      message: 'Role must be one of Field Worker, Supervisor, Project Manager, Admin',
    });
    expect(body.errors.map((e) => e.field).sort()).toEqual([
      ...Array<string>(5).fill('Email'),
      ...Array<string>(5).fill('Licence'),
      ...Array<string>(5).fill('Phone'),
      ...Array<string>(5).fill('Role'),
    ]);
    expect(body.errors.find((e) => e.field === 'Phone')?.message).toBe(
      'Please enter a valid phone number (e.g., 5551234567 or +15551234567)',
    );
    expect(body.errors.find((e) => e.field === 'Email')?.message).toBe('Please enter a valid email address');
    expect(await memberCount()).toBe(before);
    expect(api.userPool.created).toHaveLength(0);
  });

  it('matches the headers loosely, ignores other columns, and reads the same e-mail twice as an error of the later row', async () => {
    await open(fake);
    const csv = [
      'Full name,E-mail Address,Notes,Mobile,LICENSE,Job role',
      'Ana Diaz,ANA@site.test,first,(555) 123-4567,Y,supervisor',
      'Ana Again,ana@site.test,,5551234568,,',
      'Ben Ode,ben@site.test,,5551234569,no,',
    ].join('\r\n');
    const { status, body } = await preview(csv);
    expect(status).toBe(201);
    expect(body.import).toMatchObject({ total: 3, toInvite: 2, invalid: 1 });
    expect(body.errors).toEqual([{ row: 3, field: 'Email', message: 'This email is already in row 2 of the file' }]);
  });

  it.each([
    ['a file without an Email column', 'Name,Phone\nAna,5551234567\n', 'The file has no Email column'],
    ['a header alone', 'Name,Email,Phone\n', 'The file has no members'],
    [`more than ${LIMITS.importRows} members`, formatCsv(crew(LIMITS.importRows + 1)), 'The file has 5,001 members; at most 5,000'],
  ])('refuses %s with a message that says why (400)', async (_, csv, message) => {
    await open(fake);
    const { status, body } = await preview(csv);
    expect(status).toBe(400);
    expect(body.message).toContain(message);
  });

  it('has its own size limit: up to 2 MB of CSV is read, more is refused, and a body far past it is 413', async () => {
    await open(fake);
    const rows = crew(10);
    const padding = 'x'.repeat(LIMITS.importBytes);
    const tooBig = await preview(formatCsv([...rows, ['Pad', 'pad@site.test', '5551234567', '', '', padding]]));
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toBe('The file is larger than 2 MB: import at most 2 MB at once.');
    const response = await api.call('POST', '/api/users/imports', {
      sub: org.adminSub,
      rawBody: JSON.stringify({ fileName: 'x.csv', csv: 'y'.repeat(LIMITS.importBytes * 2 + 1) }),
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe('The file is too large: import at most 2 MB at once.');
    // Other routes keep the general limit.
    const other = await api.call('PUT', `/api/users/${org.adminMemberId}`, {
      sub: org.adminSub,
      rawBody: JSON.stringify({ name: 'x'.repeat(70_000) }),
    });
    expect(other.status).toBe(413);
  });

  it('reads a file at the limits: 5,000 members in close to 2 MB', { timeout: 60_000 }, async () => {
    await open(fake);
    const notes = 'n'.repeat(330);
    const rows = crew(LIMITS.importRows, { prefix: 'full' }).map((row, i) => [...row, i === 0 ? 'Notes' : notes]);
    const csv = formatCsv(rows);
    expect(csv.length).toBeGreaterThan(LIMITS.importBytes * 0.9);
    expect(csv.length).toBeLessThanOrEqual(LIMITS.importBytes);
    const { status, body } = await preview(csv);
    expect(status).toBe(201);
    expect(body.import).toMatchObject({ total: LIMITS.importRows, toInvite: LIMITS.importRows, invalid: 0 });
  });

  it('is for administrators of the organisation only', async () => {
    await open(fake);
    const other = await signUpOrganisation(api, `Other Co ${crypto.randomUUID().slice(0, 6)}`);
    const { body } = await preview(formatCsv(crew(2)));
    const foreign = await api.call('GET', `/api/users/imports/${body.import.id}`, { sub: other.adminSub });
    expect(foreign.status).toBe(404);
    const start = await api.call('POST', `/api/users/imports/${body.import.id}/start`, { sub: other.adminSub });
    expect(start.status).toBe(404);
    const worker = crypto.randomUUID();
    await addMembers(api, org.orgId, [
      { name: 'Field Worker', email: `fw-${crypto.randomUUID().slice(0, 6)}@site.test`, phoneNumber: '+15551110000', cognitoSub: worker },
    ]);
    const refused = await api.call('POST', '/api/users/imports', { sub: worker, body: { fileName: 'a.csv', csv: formatCsv(crew(1)) } });
    expect(refused.status).toBe(403);
  });
});

describe('the job', () => {
  it(
    'invites each new row once, shows its progress, records each invitation, and its failed rows come back as a CSV to fix',
    { timeout: 180_000 },
    async () => {
      await open(fake);
      const bad = new Set(Array.from({ length: 20 }, (_, k) => 10 + k * 49));
      await addMembers(api, org.orgId, [{ name: 'Already', email: 'job-0@site.test', phoneNumber: '+15550000000' }]);
      const { body } = await preview(formatCsv(crew(1000, { bad, prefix: 'job' })));
      const started = await api.call('POST', `/api/users/imports/${body.import.id}/start`, { sub: org.adminSub });
      expect(started.status).toBe(200);
      expect(v.parse(ImportResponseSchema, await started.json()).import.status).toBe('running');
      expect((await current())?.id).toBe(body.import.id);

      const done = await waitUntilFinished(body.import.id);
      expect(done).toMatchObject({
        status: 'done',
        total: 1000,
        toInvite: 979,
        invited: 979,
        existing: 1,
        invalid: 20,
        failed: 0,
        pending: 0,
      });
      const made = api.userPool.created.filter((a) => a.email.startsWith('job-'));
      expect(made).toHaveLength(979);
      expect(new Set(made.map((a) => a.email)).size).toBe(979);
      const { rows: audit } = await api.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM audit_entries WHERE org_id = $1 AND kind = 'member.invited' AND actor_id = $2",
        [org.orgId, org.adminMemberId],
      );
      expect(audit[0]?.n).toBe(979);
      // Starting it again changes nothing.
      const again = await api.call('POST', `/api/users/imports/${body.import.id}/start`, { sub: org.adminSub });
      expect(again.status).toBe(409);

      const link = await api.call('POST', `/api/users/imports/${body.import.id}/failed-export`, {
        sub: org.adminSub,
        body: { today: '2026-03-05' },
      });
      expect(link.status).toBe(201);
      const { url, fileName } = v.parse(ImportFailedExportResponseSchema, await link.json());
      expect(fileName).toMatch(/^summit-builders-[0-9a-f]{6}-import-failed-rows-2026-03-05\.csv$/);
      const file = await api.app.request(url);
      expect(file.headers.get('content-type')).toContain('text/csv');
      const records = parseCsv(await file.text());
      expect(records[0]).toEqual([...HEADER, 'Row', 'Error']);
      expect(records).toHaveLength(21);
      expect(records[1]?.slice(5)).toEqual(['12', 'Role: Role must be one of Field Worker, Supervisor, Project Manager, Admin']);
      // One-time.
      const used = await api.app.request(url);
      expect(used.status).toBe(404);
      expect(await used.text()).toBe(IMPORT_LINK_INVALID);

      // Fixed and imported again: the 20 rows, the Row and Error columns ignored.
      const fixed = records.map((record, i) =>
        i === 0 ? record : [record[0] ?? '', record[1] ?? '', '5557654321', 'Supervisor', 'no', ...record.slice(5)],
      );
      fixed.forEach((record, i) => {
        if (i > 0 && !/@/.test(record[1] ?? '')) record[1] = `fixed-${i}@site.test`;
      });
      const second = await preview(formatCsv(fixed), 'fixed.csv');
      expect(second.body.import).toMatchObject({ total: 20, toInvite: 20, invalid: 0 });
      // Finished jobs are dismissed from `current`.
      const dismissed = await api.call('POST', `/api/users/imports/${body.import.id}/dismiss`, { sub: org.adminSub });
      expect(dismissed.status).toBe(200);
      expect(await current()).toBeNull();
    },
  );

  it("names the failed rows' file after the organisation, whatever its name holds", async () => {
    api = fake;
    org = await signUpOrganisation(api, `Crew Members ${crypto.randomUUID().slice(0, 6)}`);
    const { body } = await preview(formatCsv(crew(3, { bad: new Set([1]), prefix: 'named' })));
    const link = await api.call('POST', `/api/users/imports/${body.import.id}/failed-export`, {
      sub: org.adminSub,
      body: { today: '2026-03-05' },
    });
    const { url, fileName } = v.parse(ImportFailedExportResponseSchema, await link.json());
    expect(fileName).toMatch(/^crew-members-[0-9a-f]{6}-import-failed-rows-2026-03-05\.csv$/);
    const file = await api.app.request(url);
    expect(file.headers.get('content-disposition')).toContain(`filename="${fileName}"`);
    expect(parseCsv(await file.text())).toHaveLength(2);
  });

  it('can be cancelled: the rows not reached are skipped, and the job stops', async () => {
    await open(strict);
    const gate = pool.holdAfter(3);
    const { body } = await preview(formatCsv(crew(50, { prefix: 'cancel' })));
    await api.call('POST', `/api/users/imports/${body.import.id}/start`, { sub: org.adminSub });
    const runner = createImportRunner({ db: api.db, userPool: pool }, { pollMs: 60_000 });
    runner.kick(body.import.id);
    await gate.reached;
    const cancelled = await api.call('POST', `/api/users/imports/${body.import.id}/cancel`, { sub: org.adminSub });
    // The row under way counts as skipped until it is done.
    expect(v.parse(ImportResponseSchema, await cancelled.json()).import).toMatchObject({
      status: 'cancelled',
      skipped: 47,
      invited: 3,
      pending: 0,
    });
    gate.release();
    await expect.poll(async () => (await job(body.import.id)).invited, { timeout: 10_000 }).toBe(4);
    const after = await job(body.import.id);
    // The row under way when it was cancelled still records what happened to it.
    expect(after).toMatchObject({ status: 'cancelled', invited: 4, skipped: 46 });
    await runner.idle();
    expect([...pool.accounts.keys()].filter((email) => email.startsWith('cancel-'))).toHaveLength(4);
    await runner.stop();
  });
});

describe('a job taken over after its process stopped', () => {
  it('goes on from the row under way: no second member, no second account, every row invited once', async () => {
    await open(strict);
    const { body } = await preview(formatCsv(crew(30, { prefix: 'taken' })));
    const creates = pool.creates;
    await api.call('POST', `/api/users/imports/${body.import.id}/start`, { sub: org.adminSub });

    // The first process: its user pool call for the 8th row never comes back (the process stops
    // there), after the account was made and before the member has it.
    const gate = pool.holdAfter(7);
    const first = createImportRunner({ db: api.db, userPool: pool }, { leaseMs: 60_000, pollMs: 60_000, owner: 'first' });
    first.kick(body.import.id);
    await gate.reached;
    expect(await job(body.import.id)).toMatchObject({ status: 'running', invited: 7, pending: 23 });
    const { rows: halfMade } = await api.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM members WHERE org_id = $1 AND cognito_sub IS NULL',
      [org.orgId],
    );
    expect(halfMade[0]?.n).toBe(1);

    // Another process: while the first one's lease holds, it leaves the job alone; once it expires, it takes it over.
    const second = createImportRunner({ db: api.db, userPool: pool }, { leaseMs: 60_000, pollMs: 60_000, owner: 'second' });
    await second.resume();
    await second.idle();
    expect((await job(body.import.id)).invited).toBe(7);
    await api.db.query("UPDATE member_imports SET lease_until = now() - interval '1 second' WHERE id = $1", [body.import.id]);
    await second.resume();
    await second.idle();

    const done = await job(body.import.id);
    expect(done).toMatchObject({ status: 'done', invited: 30, existing: 0, failed: 0, pending: 0 });
    const accounts = () => [...pool.accounts.keys()].filter((email) => email.startsWith('taken-'));
    expect(accounts()).toHaveLength(30);
    expect(pool.creates - creates).toBe(30);
    const { rows: members } = await api.db.query<{ email: string; cognito_sub: string | null }>(
      "SELECT email, cognito_sub FROM members WHERE org_id = $1 AND email LIKE 'taken-%'",
      [org.orgId],
    );
    expect(members).toHaveLength(30);
    expect(members.every((m) => m.cognito_sub === pool.accounts.get(m.email)?.sub)).toBe(true);
    await second.stop();
    // The first process's late answer finds the row done and changes nothing: the account it made
    // is the one the second process attached, so it stays (it was deleted, and an error logged).
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      gate.release();
      await first.stop();
      expect(logged).not.toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
    expect(await job(body.import.id)).toMatchObject({ invited: 30, failed: 0 });
    expect(accounts()).toHaveLength(30);
    expect(members.every((m) => m.cognito_sub === pool.accounts.get(m.email)?.sub)).toBe(true);
  });

  it('a process whose user pool call is slow keeps its job: the lease is renewed while the row is under way, and no other process invites that row again', async () => {
    await open(strict);
    const { body } = await preview(formatCsv(crew(5, { prefix: 'slow' })));
    const creates = pool.creates;
    await api.call('POST', `/api/users/imports/${body.import.id}/start`, { sub: org.adminSub });
    const leased = async () =>
      (await api.db.query<{ until: string }>('SELECT lease_until::text AS until FROM member_imports WHERE id = $1', [body.import.id]))
        .rows[0]?.until ?? '';

    // The first row's user pool call takes longer than a lease (the SDK's timeouts and retries can).
    // A lease of 2 s, renewed every 0.7 s: only a stall of over a second between a renewal and the
    // other process's look could hand the job over, far past what a busy machine does to a test.
    const gate = pool.holdAfter(0);
    const slow = createImportRunner({ db: api.db, userPool: pool }, { leaseMs: 2_000, pollMs: 60_000, owner: 'slow' });
    slow.kick(body.import.id);
    await gate.reached;
    const first = await leased();
    // Renewed while the call is under way, past the end of the lease it started with.
    await vi.waitFor(async () => {
      const { rows } = await api.db.query<{ past: boolean }>(
        'SELECT now() > $1::timestamptz AND lease_until > $1::timestamptz AS past FROM member_imports WHERE id = $2',
        [first, body.import.id],
      );
      expect(rows[0]?.past).toBe(true);
    });
    const other = createImportRunner({ db: api.db, userPool: pool }, { leaseMs: 2_000, pollMs: 60_000, owner: 'other' });
    await other.resume();
    await other.idle();
    expect(pool.creates - creates).toBe(1);

    gate.release();
    await slow.idle();
    expect(await job(body.import.id)).toMatchObject({ status: 'done', invited: 5, failed: 0, pending: 0 });
    expect(pool.creates - creates).toBe(5);
    await Promise.all([slow.stop(), other.stop()]);
  });

  it('a process that stops on purpose (a deploy) hands its job over at once: the next one goes on without waiting for the lease', async () => {
    await open(strict);
    const { body } = await preview(formatCsv(crew(10, { prefix: 'deploy' })));
    await api.call('POST', `/api/users/imports/${body.import.id}/start`, { sub: org.adminSub });
    const gate = pool.holdAfter(3);
    const first = createImportRunner({ db: api.db, userPool: pool }, { leaseMs: 60_000, pollMs: 60_000, owner: 'leaving' });
    first.kick(body.import.id);
    await gate.reached;
    const stopping = first.stop();
    gate.release();
    await stopping;
    expect(await job(body.import.id)).toMatchObject({ status: 'running', invited: 4, pending: 6 });
    const next = createImportRunner({ db: api.db, userPool: pool }, { leaseMs: 60_000, pollMs: 60_000, owner: 'arriving' });
    await next.resume();
    await next.idle();
    expect(await job(body.import.id)).toMatchObject({ status: 'done', invited: 10, pending: 0 });
    expect([...pool.accounts.keys()].filter((email) => email.startsWith('deploy-'))).toHaveLength(10);
    await next.stop();
  });

  it('an API that starts finds a running job nobody holds (a restart) and finishes it', async () => {
    await open(strict);
    const { body } = await preview(formatCsv(crew(5, { prefix: 'restart' })));
    // Started by a process that stopped before it invited anyone (no runner here).
    await api.call('POST', `/api/users/imports/${body.import.id}/start`, { sub: org.adminSub });
    expect(await job(body.import.id)).toMatchObject({ status: 'running', pending: 5 });
    // The users module's background work, as server/index.ts starts it with the API.
    const work = usersModule.start?.({
      db: api.db,
      userPool: pool,
      config: { apiOrigin: 'http://127.0.0.1:8787', webOrigin: 'http://localhost' },
    });
    expect(work).toBeDefined();
    await expect.poll(async () => (await job(body.import.id)).status, { timeout: 20_000 }).toBe('done');
    expect(await job(body.import.id)).toMatchObject({ invited: 5, pending: 0 });
    await work?.stop();
  });

  it("runs with the API's lifecycle: an API that starts resumes the job, its graceful close finishes the row under way and hands the job over, the next API finishes it", async () => {
    await open(strict);
    const { body } = await preview(formatCsv(crew(12, { prefix: 'lifecycle' })));
    // Started by a process that stopped before it invited anyone.
    await api.call('POST', `/api/users/imports/${body.import.id}/start`, { sub: org.adminSub });
    // The servers share the test's database; each one's close() would close it.
    const shared: Database = { ...api.db, close: () => Promise.resolve() };
    const serve = () =>
      startApiServer({
        port: 0,
        db: shared,
        config: { apiOrigin: 'http://127.0.0.1:8787', webOrigin: 'http://127.0.0.1:5173' },
        cognito: { endpoint: 'http://127.0.0.1:9', userPoolId: 'local_x', clientId: 'c' },
        userPool: pool,
        verifier: { verify: () => Promise.reject(new Error('no requests here')), ready: () => Promise.resolve(true) },
        modules: MODULES,
      });
    const leaseOf = async () =>
      (
        await api.db.query<{ lease_owner: string | null; lease_until: Date | null }>(
          'SELECT lease_owner, lease_until FROM member_imports WHERE id = $1',
          [body.import.id],
        )
      ).rows[0];

    // The first API takes the job up as it starts; its 5th account is made when it is asked to stop.
    const gate = pool.holdAfter(4);
    const first = await serve();
    await gate.reached;
    expect((await leaseOf())?.lease_until).not.toBeNull();
    let closed = false;
    const closing = first.close().then(() => (closed = true));
    // The API waits for the row under way (held at the pool) before it closes.
    await Promise.resolve();
    expect(closed).toBe(false);
    gate.release();
    await closing;
    expect(await job(body.import.id)).toMatchObject({ status: 'running', invited: 5, pending: 7 });
    // Handed over: no lease to wait for.
    expect((await leaseOf())?.lease_until).toBeNull();

    const next = await serve();
    await expect.poll(async () => (await job(body.import.id)).status, { timeout: 20_000 }).toBe('done');
    expect(await job(body.import.id)).toMatchObject({ invited: 12, pending: 0, failed: 0 });
    expect([...pool.accounts.keys()].filter((email) => email.startsWith('lifecycle-'))).toHaveLength(12);
    await next.close();
    expect(await leaseOf()).toEqual({ lease_owner: null, lease_until: null });
  });

  it('a row whose invitation was finished but not yet marked counts as invited by the job, not as an existing member', async () => {
    await open(strict);
    const { body } = await preview(formatCsv(crew(3, { prefix: 'marked' })));
    await api.call('POST', `/api/users/imports/${body.import.id}/start`, { sub: org.adminSub });
    const creates = pool.creates;
    // As if a process had invited row 2 and stopped before marking it.
    const invited = await api.call('POST', '/api/users/invite', {
      sub: org.adminSub,
      body: { name: 'Crew Member 0', email: 'marked-0@site.test', phoneNumber: '+15550000000', role: 'Field Worker', hasLicense: false },
    });
    expect(invited.status).toBe(201);
    const runner = createImportRunner({ db: api.db, userPool: pool }, { pollMs: 60_000 });
    runner.kick(body.import.id);
    await runner.idle();
    expect(await job(body.import.id)).toMatchObject({ status: 'done', invited: 3, existing: 0 });
    expect(pool.creates - creates).toBe(3);
    await runner.stop();
  });
});
