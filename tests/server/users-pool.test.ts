// @vitest-environment node
/**
 * A member and their user pool account go together (issue 37 item 4): deleting a member disables the
 * account while they are in Recently deleted (issue 41 item 3), removing them for good deletes it, an invitation that fails after making the account deletes it, and so the address of an
 * invited member deleted before their first sign-in may be invited (or sign up) again. The pool is
 * the harness's FakeUserPool (a boundary we do not own; tests/server/core-stack.test.ts runs the
 * same against cognito-local). Deactivating a member disables their account, reactivating enables it
 * (issue: the API refused them but the pool still signed them in).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { UserResponseSchema } from '../../src/contract/api';
import { ApiError } from '../../server/core/module';
import { WEB_ORIGIN, createTestApi, signUpOrganisation, type TestApi, type TestOrg } from './support/api';
import { breakableStatement } from './support/db';
import { purgeRecentlyDeleted } from '../../server/users/purge';

let api: TestApi;
let org: TestOrg;
/** Attaching a pool account to its member: the invitation's last step, broken on cue. */
const attach = breakableStatement('SET cognito_sub');
/** A member's status write, broken on cue (after the pool has changed the account). */
const statusWrite = breakableStatement('SET is_active');
/** Moving a member to Recently deleted, broken on cue (after the pool has disabled the account). */
const softDelete = breakableStatement('SET deleted_at = now()');
/** The database lost mid-change. */
const connectionLost = () => Promise.reject(new Error('connection terminated'));

beforeAll(async () => {
  api = await createTestApi(undefined, { wrapDatabase: (db) => softDelete.wrap(statusWrite.wrap(attach.wrap(db))) });
  org = await signUpOrganisation(api, 'Pool Test Builders', 'boss@pool.test');
}, 120_000);
afterAll(() => api?.close());

const asAdmin = (method: string, path: string, body?: unknown) =>
  api.call(method, path, { sub: org.adminSub, ...(body !== undefined ? { body } : {}) });

const accountOf = (email: string) => api.userPool.accounts.find((a) => a.email === email);

async function invite(email: string, name = 'Pool Worker') {
  const response = await asAdmin('POST', '/api/users/invite', { name, email, phoneNumber: '+19175550150' });
  expect(response.status, await response.clone().text()).toBe(201);
  return v.parse(UserResponseSchema, await response.json()).user;
}

describe('deleting a member', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const purgeAt = (days: number) => purgeRecentlyDeleted({ db: api.db, userPool: api.userPool }, new Date(Date.now() + days * DAY));

  it('disables their pool account while they are in Recently deleted; removed for good, the account goes and the address may be invited again', async () => {
    const user = await invite('gone@pool.test');
    expect(accountOf('gone@pool.test')?.disabled).toBeFalsy();

    const deleted = await asAdmin('DELETE', `/api/users/${user.userId}`);
    expect(deleted.status).toBe(200);
    expect(accountOf('gone@pool.test')?.disabled).toBe(true);

    // Restorable: the address stays theirs.
    const taken = await asAdmin('POST', '/api/users/invite', {
      name: 'Pool Worker Again',
      email: 'gone@pool.test',
      phoneNumber: '+19175550150',
    });
    expect(taken.status).toBe(409);

    await purgeAt(31);
    expect(accountOf('gone@pool.test')).toBeUndefined();
    // Removed before their first sign-in: the same address is invited again.
    const again = await invite('gone@pool.test', 'Pool Worker Again');
    expect(again.userId).not.toBe(user.userId);
    expect(accountOf('gone@pool.test')).toBeDefined();
  });

  it('keeps the member when the pool cannot disable the account (502), and the deletion can be retried', async () => {
    const user = await invite('kept@pool.test');
    api.userPool.failAccessWith = new ApiError(
      502,
      'The user pool could not disable the account. Nothing was changed; try again in a moment.',
    );
    try {
      const refused = await asAdmin('DELETE', `/api/users/${user.userId}`);
      expect(refused.status).toBe(502);
    } finally {
      api.userPool.failAccessWith = null;
    }
    expect((await asAdmin('GET', `/api/users/${user.userId}`)).status).toBe(200);
    expect(accountOf('kept@pool.test')?.disabled).toBeFalsy();

    expect((await asAdmin('DELETE', `/api/users/${user.userId}`)).status).toBe(200);
    expect(accountOf('kept@pool.test')?.disabled).toBe(true);
  });

  it('enables the account again when the database refuses the deletion after the pool disabled it', async () => {
    const user = await invite('delete.rollback@pool.test');
    const refused = await softDelete.during(connectionLost, () => asAdmin('DELETE', `/api/users/${user.userId}`));
    expect(refused.status).toBe(500);
    expect((await asAdmin('GET', `/api/users/${user.userId}`)).status).toBe(200);
    expect(accountOf('delete.rollback@pool.test')?.disabled).toBe(false);
  });

  it('deletes a member whose account is already gone from the pool, or who never had one', async () => {
    const user = await invite('already.gone@pool.test');
    await api.userPool.deleteUser('already.gone@pool.test');
    expect((await asAdmin('DELETE', `/api/users/${user.userId}`)).status).toBe(200);

    const added = await asAdmin('POST', '/api/users', { name: 'No Account', email: 'no.account@pool.test', phoneNumber: '+19175550151' });
    const { user: plain } = v.parse(UserResponseSchema, await added.json());
    const accounts = api.userPool.accounts.length;
    expect((await asAdmin('DELETE', `/api/users/${plain.userId}`)).status).toBe(200);
    expect(api.userPool.accounts).toHaveLength(accounts);
  });
});

describe('an invitation that fails after making the pool account', () => {
  it('deletes the account it made, so the address can be invited again', async () => {
    const failed = await attach.during(connectionLost, () =>
      asAdmin('POST', '/api/users/invite', {
        name: 'Half Way',
        email: 'half.way@pool.test',
        phoneNumber: '+19175550152',
      }),
    );
    expect(failed.status).toBe(500);
    expect(api.userPool.created.some((a) => a.email === 'half.way@pool.test')).toBe(true);
    expect(accountOf('half.way@pool.test')).toBeUndefined();
    await invite('half.way@pool.test', 'Half Way');
  });

  it('deletes the account when the member was deleted while the account was being made', async () => {
    const held = api.userPool.holdNextCreate();
    const pending = asAdmin('POST', '/api/users/invite', { name: 'Raced', email: 'raced@pool.test', phoneNumber: '+19175550153' });
    await held.reached;
    const { rows } = await api.db.query<{ id: string }>('SELECT id FROM members WHERE email = $1', ['raced@pool.test']);
    expect((await asAdmin('DELETE', `/api/users/${rows[0]?.id ?? ''}`)).status).toBe(200);
    held.release();
    const answer = await pending;
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({ message: 'raced@pool.test was removed while the invitation was being created.', field: 'email' });
    expect(accountOf('raced@pool.test')).toBeUndefined();
  });
});

describe('deactivating and reactivating a member', () => {
  const disabled = (email: string) => accountOf(email)?.disabled === true;
  const statusOf = async (id: string) =>
    (await api.db.query<{ is_active: boolean }>('SELECT is_active FROM members WHERE id = $1', [id])).rows[0]?.is_active;
  const POOL_DOWN = new ApiError(502, 'The user pool could not disable the account. Nothing was changed; try again in a moment.');

  it('disables their pool account, so they cannot sign in, and enables it again: the toggle, an edit and a bulk change', async () => {
    const one = await invite('status.one@pool.test');
    const two = await invite('status.two@pool.test');
    expect(disabled('status.one@pool.test')).toBe(false);

    expect((await asAdmin('PATCH', `/api/users/${one.userId}/toggle-status`, { isActive: false })).status).toBe(200);
    expect(disabled('status.one@pool.test')).toBe(true);
    expect((await asAdmin('PATCH', `/api/users/${one.userId}/toggle-status`, { isActive: true })).status).toBe(200);
    expect(disabled('status.one@pool.test')).toBe(false);

    expect((await asAdmin('PUT', `/api/users/${one.userId}`, { isActive: false })).status).toBe(200);
    expect(disabled('status.one@pool.test')).toBe(true);
    expect((await asAdmin('PUT', `/api/users/${one.userId}`, { isActive: true })).status).toBe(200);
    expect(disabled('status.one@pool.test')).toBe(false);

    const ids = [one.userId, two.userId];
    expect((await asAdmin('PATCH', '/api/users/bulk', { userIds: ids, updates: { isActive: false } })).status).toBe(200);
    expect([disabled('status.one@pool.test'), disabled('status.two@pool.test')]).toEqual([true, true]);
    expect((await asAdmin('PATCH', '/api/users/bulk', { userIds: ids, updates: { isActive: true } })).status).toBe(200);
    expect([disabled('status.one@pool.test'), disabled('status.two@pool.test')]).toEqual([false, false]);
  });

  it('an invitation made inactive has its account disabled from the start, and activating the member enables it', async () => {
    const response = await asAdmin('POST', '/api/users/invite', {
      name: 'Idle Worker',
      email: 'status.idle@pool.test',
      phoneNumber: '+19175550151',
      isActive: false,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { user } = v.parse(UserResponseSchema, await response.json());
    expect(user.isActive).toBe(false);
    expect(disabled('status.idle@pool.test')).toBe(true);
    expect((await asAdmin('PATCH', `/api/users/${user.userId}/toggle-status`, { isActive: true })).status).toBe(200);
    expect(disabled('status.idle@pool.test')).toBe(false);
  });

  it('two toggles at once flip the status twice, and the pool account follows it', async () => {
    const user = await invite('status.twice@pool.test');
    const toggle = () =>
      api.call('PATCH', `/api/users/${user.userId}/toggle-status`, { sub: org.adminSub, headers: { Origin: WEB_ORIGIN } });
    const answers = await Promise.all([toggle(), toggle()]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await statusOf(user.userId)).toBe(true);
    expect(disabled('status.twice@pool.test')).toBe(false);
    expect((await toggle()).status).toBe(200);
    expect(await statusOf(user.userId)).toBe(false);
    expect(disabled('status.twice@pool.test')).toBe(true);
  });

  it('keeps the status and the account as they were when the pool fails (502), and the change can be retried', async () => {
    const one = await invite('status.down@pool.test');
    const two = await invite('status.down2@pool.test');
    api.userPool.failAccessWith = POOL_DOWN;
    try {
      const single = await asAdmin('PATCH', `/api/users/${one.userId}/toggle-status`, { isActive: false });
      expect(single.status).toBe(502);
      expect((await asAdmin('PUT', `/api/users/${one.userId}`, { isActive: false, name: 'Renamed' })).status).toBe(502);
      expect((await asAdmin('PATCH', '/api/users/bulk', { userIds: [one.userId, two.userId], updates: { isActive: false } })).status).toBe(
        502,
      );
    } finally {
      api.userPool.failAccessWith = null;
    }
    expect([await statusOf(one.userId), await statusOf(two.userId)]).toEqual([true, true]);
    expect([disabled('status.down@pool.test'), disabled('status.down2@pool.test')]).toEqual([false, false]);
    expect(v.parse(UserResponseSchema, await (await asAdmin('GET', `/api/users/${one.userId}`)).json()).user.name).toBe('Pool Worker');

    expect((await asAdmin('PATCH', `/api/users/${one.userId}/toggle-status`, { isActive: false })).status).toBe(200);
    expect(disabled('status.down@pool.test')).toBe(true);
  });

  it('sets the account back when the database refuses the change after the pool made it', async () => {
    const user = await invite('status.rollback@pool.test');
    const refused = await statusWrite.during(connectionLost, () =>
      asAdmin('PATCH', `/api/users/${user.userId}/toggle-status`, { isActive: false }),
    );
    expect(refused.status).toBe(500);
    expect(await statusOf(user.userId)).toBe(true);
    expect(disabled('status.rollback@pool.test')).toBe(false);
  });

  it('changes the status of a member who has no pool account, or whose account is gone', async () => {
    const added = await asAdmin('POST', '/api/users', { name: 'No Account', email: 'status.none@pool.test', phoneNumber: '+19175550160' });
    const { user: plain } = v.parse(UserResponseSchema, await added.json());
    expect((await asAdmin('PATCH', `/api/users/${plain.userId}/toggle-status`, { isActive: false })).status).toBe(200);
    const gone = await invite('status.gone@pool.test');
    await api.userPool.deleteUser('status.gone@pool.test');
    expect((await asAdmin('PATCH', `/api/users/${gone.userId}/toggle-status`, { isActive: false })).status).toBe(200);
    expect(await statusOf(gone.userId)).toBe(false);
  });
});
