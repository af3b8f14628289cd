// @vitest-environment node
/**
 * A member and their user pool account go together (issue 37 item 4): deleting a member deletes the
 * account, an invitation that fails after making the account deletes it, and so the address of an
 * invited member deleted before their first sign-in may be invited (or sign up) again. The pool is
 * the harness's FakeUserPool (a boundary we do not own; tests/server/core-stack.test.ts runs the
 * same against cognito-local).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { UserResponseSchema } from '../../src/contract/api';
import { ApiError } from '../../server/core/module';
import { createTestApi, signUpOrganisation, type TestApi, type TestOrg } from './support/api';
import { breakableStatement } from './support/db';

let api: TestApi;
let org: TestOrg;
/** Attaching a pool account to its member: the invitation's last step, broken on cue. */
const attach = breakableStatement('SET cognito_sub');
/** The database lost mid-invitation. */
const connectionLost = () => Promise.reject(new Error('connection terminated'));

beforeAll(async () => {
  api = await createTestApi(undefined, { wrapDatabase: attach.wrap });
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
  it('deletes their pool account, so the login is gone and the address may be invited again', async () => {
    const user = await invite('gone@pool.test');
    expect(accountOf('gone@pool.test')).toBeDefined();

    const deleted = await asAdmin('DELETE', `/api/users/${user.userId}`);
    expect(deleted.status).toBe(200);
    expect(accountOf('gone@pool.test')).toBeUndefined();

    // Deleted before their first sign-in: the same address is invited again (before: 409 forever,
    // the pool still held the account).
    const again = await invite('gone@pool.test', 'Pool Worker Again');
    expect(again.userId).not.toBe(user.userId);
    expect(accountOf('gone@pool.test')).toBeDefined();
  });

  it('keeps the member when the pool cannot delete the account, and the deletion can be retried', async () => {
    const user = await invite('kept@pool.test');
    api.userPool.failDeleteWith = new ApiError(
      502,
      'The user pool could not delete the account. Nothing was changed; try again in a moment.',
    );
    try {
      const refused = await asAdmin('DELETE', `/api/users/${user.userId}`);
      expect(refused.status).toBe(502);
    } finally {
      api.userPool.failDeleteWith = null;
    }
    expect((await asAdmin('GET', `/api/users/${user.userId}`)).status).toBe(200);
    expect(accountOf('kept@pool.test')).toBeDefined();

    expect((await asAdmin('DELETE', `/api/users/${user.userId}`)).status).toBe(200);
    expect(accountOf('kept@pool.test')).toBeUndefined();
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
