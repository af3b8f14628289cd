// @vitest-environment node
/**
 * Invitations you can see and manage (issue 41 item 2; server/users/invitations.ts): an invited
 * member who has never signed in carries their invitation (when sent, when its temporary password
 * expires, open or expired); Resend sends a new temporary password through the pool's RESEND and
 * restarts the dates; Revoke removes the member and their pool account; both refuse a member who
 * has signed in, and both are in the activity trail. The pool is the harness's FakeUserPool (a
 * boundary we do not own; the RESEND request the SDK sends is checked in
 * tests/unit/deploy/user-pool-sdk.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { UserListResponseSchema, UserResponseSchema, type User } from '../../src/contract/api';
import { AuditListResponseSchema } from '../../src/contract/audit';
import { ApiError } from '../../server/core/module';
import { auditModule } from '../../server/audit';
import { signupModule } from '../../server/signup';
import { usersModule } from '../../server/users';
import { addMembers, createTestApi, signUpOrganisation, type TestApi, type TestOrg } from './support/api';

let api: TestApi;
let org: TestOrg;
let rival: TestOrg;

const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  api = await createTestApi([signupModule, usersModule, auditModule]);
  org = await signUpOrganisation(api, 'Invitation Builders', 'boss@invitations.test');
  rival = await signUpOrganisation(api, 'Rival Invitations', 'boss@rival-invitations.test');
}, 120_000);
afterAll(() => api?.close());

const asAdmin = (method: string, path: string, body?: unknown) =>
  api.call(method, path, { sub: org.adminSub, ...(body !== undefined ? { body } : {}) });

const accountOf = (email: string) => api.userPool.accounts.find((a) => a.email === email);

async function invite(email: string, extra: Partial<{ role: User['role']; isActive: boolean }> = {}): Promise<User> {
  const response = await asAdmin('POST', '/api/users/invite', { name: `Crew ${email}`, email, phoneNumber: '+19175550150', ...extra });
  expect(response.status, await response.clone().text()).toBe(201);
  return v.parse(UserResponseSchema, await response.json()).user;
}

async function read(userId: string): Promise<User> {
  const response = await asAdmin('GET', `/api/users/${userId}`);
  expect(response.status).toBe(200);
  return v.parse(UserResponseSchema, await response.json()).user;
}

/** The invited member finishes their first sign-in (the console then activates them). */
async function signIn(email: string) {
  const account = accountOf(email);
  if (!account) throw new Error(`no pool account for ${email}`);
  const response = await api.call('POST', '/users/activate', { sub: account.sub });
  expect(response.status).toBe(200);
}

/** Moves the invitation's dates back in time (as if it had been sent `days` ago). */
async function age(userId: string, days: number) {
  await api.db.query(
    `UPDATE members SET invited_at = invited_at - make_interval(days => $2), invitation_expires_at = invitation_expires_at - make_interval(days => $2)
      WHERE id = $1`,
    [userId, days],
  );
}

async function trail(memberId: string) {
  const response = await asAdmin('GET', `/api/audit?memberId=${memberId}`);
  expect(response.status).toBe(200);
  return v.parse(AuditListResponseSchema, await response.json()).entries;
}

const resend = (userId: string) => asAdmin('POST', `/api/users/${userId}/invitation/resend`);
const revoke = (userId: string) => asAdmin('DELETE', `/api/users/${userId}/invitation`);

describe('an invited member who has never signed in', () => {
  it('shows their invitation: when it was sent and when the temporary password expires (the pool validity, 7 days)', async () => {
    const before = Date.now();
    const user = await invite('open@invitations.test');
    const { invitation } = await read(user.userId);
    expect(invitation?.state).toBe('open');
    const sent = Date.parse(invitation?.sentAt ?? '');
    expect(sent).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(invitation?.expiresAt ?? '') - sent).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(Date.parse(invitation?.expiresAt ?? '') - sent).toBeLessThan(7 * DAY_MS + 60_000);
    // The list answers it too, and the SPEC's status is untouched (invited active: 'active').
    const list = v.parse(UserListResponseSchema, await (await asAdmin('GET', '/api/users?search=open@invitations')).json());
    expect(list.users.map((u) => [u.email, u.isActive, u.invitation?.state])).toEqual([['open@invitations.test', true, 'open']]);
  });

  it("takes the pool's validity as configured (COGNITO_TEMPORARY_PASSWORD_DAYS)", async () => {
    api.userPool.temporaryPasswordValidityDays = 3;
    try {
      const { invitation } = await invite('three-days@invitations.test');
      const span = Date.parse(invitation?.expiresAt ?? '') - Date.parse(invitation?.sentAt ?? '');
      expect(Math.round(span / DAY_MS)).toBe(3);
    } finally {
      api.userPool.temporaryPasswordValidityDays = 7;
    }
  });

  it('says so once the temporary password has expired', async () => {
    const user = await invite('expired@invitations.test');
    await age(user.userId, 8);
    expect((await read(user.userId)).invitation?.state).toBe('expired');
  });

  it('has no invitation once they have signed in, nor does a member added without one', async () => {
    const user = await invite('signed-in@invitations.test');
    await signIn('signed-in@invitations.test');
    expect((await read(user.userId)).invitation ?? null).toBeNull();
    const [added] = await addMembers(api, org.orgId, [
      { name: 'Added Directly', email: 'added@invitations.test', phoneNumber: '+19175550151' },
    ]);
    expect((await read(added ?? '')).invitation ?? null).toBeNull();
  });
});

describe('Resend invitation', () => {
  it('after the e-mail was corrected with Edit, goes to the new address: a new account replaces the one invited at the old address', async () => {
    const user = await invite('typo@invitatons.test', { isActive: false });
    const old = accountOf('typo@invitatons.test');
    const edited = await asAdmin('PUT', `/api/users/${user.userId}`, { email: 'fixed@invitations.test' });
    expect(edited.status, await edited.clone().text()).toBe(200);

    const response = await resend(user.userId);
    expect(response.status, await response.clone().text()).toBe(200);
    const { user: resent } = v.parse(UserResponseSchema, await response.json());
    expect(resent.email).toBe('fixed@invitations.test');
    expect(resent.invitation?.state).toBe('open');
    // A new account for the new address, invited with a temporary password, disabled like the
    // (inactive) member; the one at the old address is gone.
    const created = api.userPool.created.find((c) => c.email === 'fixed@invitations.test');
    expect(created).toMatchObject({ name: 'Crew typo@invitatons.test', organization: 'Invitation Builders' });
    expect(accountOf('fixed@invitations.test')).toMatchObject({ disabled: true });
    expect(accountOf('typo@invitatons.test')).toBeUndefined();
    expect(api.userPool.accounts.find((a) => a.sub === old?.sub)).toBeUndefined();
    // The member points at the new account: revoking the invitation removes it.
    expect((await revoke(user.userId)).status).toBe(200);
    expect(accountOf('fixed@invitations.test')).toBeUndefined();
  });

  it('when the new address already has a pool account, says so and keeps the invitation as it was', async () => {
    const user = await invite('first@invitations.test');
    await invite('taken@invitations.test');
    // The member table refuses a second member with an address; the pool may still hold one (a
    // member removed from the table while the pool kept the account).
    await api.db.query("UPDATE members SET email = 'taken-elsewhere@invitations.test' WHERE email = 'taken@invitations.test'");
    expect((await asAdmin('PUT', `/api/users/${user.userId}`, { email: 'taken@invitations.test' })).status).toBe(200);
    const before = await read(user.userId);

    const response = await resend(user.userId);
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toBe(
      'An account for taken@invitations.test already exists in the user pool.',
    );
    expect(await read(user.userId)).toEqual(before);
    expect(accountOf('first@invitations.test')).toBeDefined();
  });

  it('sends a new temporary password through the pool (RESEND) and restarts the dates, in the activity trail', async () => {
    const user = await invite('resend@invitations.test');
    await age(user.userId, 8);
    const old = await read(user.userId);
    expect(old.invitation?.state).toBe('expired');
    const created = api.userPool.created.find((c) => c.email === 'resend@invitations.test');

    const response = await resend(user.userId);
    expect(response.status, await response.clone().text()).toBe(200);
    const { user: resent } = v.parse(UserResponseSchema, await response.json());
    expect(resent.invitation?.state).toBe('open');
    expect(Date.parse(resent.invitation?.sentAt ?? '')).toBeGreaterThan(Date.parse(old.invitation?.sentAt ?? ''));
    expect(Date.parse(resent.invitation?.expiresAt ?? '') - Date.parse(resent.invitation?.sentAt ?? '')).toBeGreaterThan(
      7 * DAY_MS - 60_000,
    );
    expect(await read(user.userId)).toEqual(resent);

    // The pool was asked to resend to that account, with a new temporary password of the pool's policy.
    const call = api.userPool.resent.at(-1);
    expect(call?.email).toBe('resend@invitations.test');
    expect(call?.temporaryPassword).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[#$%&*!?@]).{12}$/);
    expect(call?.temporaryPassword).not.toBe(created?.temporaryPassword);

    const [entry] = await trail(user.userId);
    expect(entry).toMatchObject({
      kind: 'member.invitation_resent',
      actor: { memberId: org.adminMemberId },
      member: { memberId: user.userId, email: 'resend@invitations.test' },
      before: { invitedAt: old.invitation?.sentAt, invitationExpiresAt: old.invitation?.expiresAt },
      after: { invitedAt: resent.invitation?.sentAt, invitationExpiresAt: resent.invitation?.expiresAt },
    });
  });

  it('changes nothing when the pool fails (502), and records nothing', async () => {
    const user = await invite('resend-fails@invitations.test');
    const before = await read(user.userId);
    api.userPool.failWith = new ApiError(502, 'The user pool could not resend the invitation. Nothing was changed; try again in a moment.');
    try {
      const response = await resend(user.userId);
      expect(response.status).toBe(502);
      expect(((await response.json()) as { message: string }).message).toMatch(/could not resend the invitation/);
    } finally {
      api.userPool.failWith = null;
    }
    expect(await read(user.userId)).toEqual(before);
    expect((await trail(user.userId)).map((e) => e.kind)).toEqual(['member.invited']);
  });

  it('is refused (409) for a member who has signed in, or was added without an invitation, without calling the pool', async () => {
    const user = await invite('resend-signed-in@invitations.test');
    await signIn('resend-signed-in@invitations.test');
    const calls = api.userPool.resent.length;
    const refused = await resend(user.userId);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Crew resend-signed-in@invitations.test has already signed in, so there is no invitation to resend.',
    );
    const [added] = await addMembers(api, org.orgId, [
      { name: 'Never Invited', email: 'never@invitations.test', phoneNumber: '+19175550152' },
    ]);
    const none = await resend(added ?? '');
    expect(none.status).toBe(409);
    expect(((await none.json()) as { message: string }).message).toBe(
      'Never Invited was added without an invitation, so there is none to resend.',
    );
    expect(api.userPool.resent).toHaveLength(calls);
  });

  it('finds no member of another organisation (404), and is for administrators only', async () => {
    const user = await invite('private@invitations.test');
    const other = await api.call('POST', `/api/users/${user.userId}/invitation/resend`, { sub: rival.adminSub });
    expect(other.status).toBe(404);
    const account = accountOf('private@invitations.test');
    await signIn('private@invitations.test');
    const notAdmin = await api.call('POST', `/api/users/${org.adminMemberId}/invitation/resend`, { sub: account?.sub ?? '' });
    expect(notAdmin.status).toBe(403);
  });
});

describe('Revoke invitation', () => {
  it('removes the member and their pool account, in the activity trail', async () => {
    const user = await invite('revoke@invitations.test', { role: 'Supervisor' });
    expect(accountOf('revoke@invitations.test')).toBeDefined();

    const response = await revoke(user.userId);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ message: 'The invitation of Crew revoke@invitations.test was revoked.' });
    expect((await asAdmin('GET', `/api/users/${user.userId}`)).status).toBe(404);
    expect(accountOf('revoke@invitations.test')).toBeUndefined();

    const [entry] = await trail(user.userId);
    expect(entry).toMatchObject({
      kind: 'member.invitation_revoked',
      member: { memberId: user.userId, name: 'Crew revoke@invitations.test' },
      before: { email: 'revoke@invitations.test', role: 'Supervisor' },
      after: null,
    });
    // The address may be invited again.
    await invite('revoke@invitations.test');
  });

  it('revokes an expired invitation too', async () => {
    const user = await invite('revoke-expired@invitations.test');
    await age(user.userId, 30);
    expect((await revoke(user.userId)).status).toBe(200);
    expect(accountOf('revoke-expired@invitations.test')).toBeUndefined();
  });

  it('is refused (409) for a member who has signed in: the member and their account stay', async () => {
    const user = await invite('revoke-signed-in@invitations.test');
    await signIn('revoke-signed-in@invitations.test');
    const refused = await revoke(user.userId);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Crew revoke-signed-in@invitations.test has already signed in, so there is no invitation to revoke. Delete the member instead.',
    );
    expect((await read(user.userId)).email).toBe('revoke-signed-in@invitations.test');
    expect(accountOf('revoke-signed-in@invitations.test')).toBeDefined();
    expect((await trail(user.userId)).map((e) => e.kind)).toEqual(['member.invited']);
  });

  it('is refused (409) when the pool says the account has chosen its password, though the API never heard of the sign-in', async () => {
    const user = await invite('revoke-confirmed@invitations.test');
    // The first sign-in happened, but the console's activation call never reached the API.
    const account = accountOf('revoke-confirmed@invitations.test');
    if (account) account.status = 'CONFIRMED';
    const refused = await revoke(user.userId);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/has already signed in, so there is no invitation to revoke/);
    expect((await read(user.userId)).email).toBe('revoke-confirmed@invitations.test');
    expect(accountOf('revoke-confirmed@invitations.test')).toBeDefined();
  });

  it('keeps the member when the pool cannot delete the account (502)', async () => {
    const user = await invite('revoke-fails@invitations.test');
    api.userPool.failDeleteWith = new ApiError(
      502,
      'The user pool could not delete the account. Nothing was changed; try again in a moment.',
    );
    try {
      expect((await revoke(user.userId)).status).toBe(502);
    } finally {
      api.userPool.failDeleteWith = null;
    }
    expect((await read(user.userId)).invitation?.state).toBe('open');
  });
});
