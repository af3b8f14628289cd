// @vitest-environment node
/**
 * SPEC §7's toggles: `PATCH /api/users/{id}/toggle-license` and `toggle-status` with no payload flip
 * the flag (a client built from the SPEC alone); the wanted value in the body (the console's form)
 * sets it. Another organisation's member is 404 in either form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_ORIGIN, addMembers, createTestApi, signUpOrganisation, type TestApi, type TestOrg } from './support/api';

let api: TestApi;
let org: TestOrg;
let other: TestOrg;
let memberId: string;
let otherMemberId: string;

beforeAll(async () => {
  api = await createTestApi();
  org = await signUpOrganisation(api, 'Toggle Co');
  other = await signUpOrganisation(api, 'Elsewhere Ltd');
  [memberId = ''] = await addMembers(api, org.orgId, [
    { name: 'Flip Flop', email: 'flip.flop@example.com', phoneNumber: '+15550008001', isActive: true },
  ]);
  [otherMemberId = ''] = await addMembers(api, other.orgId, [
    { name: 'Not Yours', email: 'not.yours@example.com', phoneNumber: '+15550008002', isActive: true },
  ]);
}, 120_000);
afterAll(() => api?.close());

const flags = async (id: string) =>
  (await api.db.query<{ has_license: boolean; is_active: boolean }>('SELECT has_license, is_active FROM members WHERE id = $1', [id]))
    .rows[0];

/** A request exactly as SPEC §7 describes it: the method and the path, no body, no Content-Type. */
const bare = (path: string, sub = org.adminSub) => api.call('PATCH', path, { sub, headers: { Origin: WEB_ORIGIN } });

describe('SPEC §7 toggles with no payload', () => {
  it('flip the licence and the status, and answer the member as it now is', async () => {
    const before = await flags(memberId);
    const license = await bare(`/api/users/${memberId}/toggle-license`);
    expect(license.status).toBe(200);
    expect(((await license.json()) as { user: { hasLicense: boolean } }).user.hasLicense).toBe(!before?.has_license);
    const status = await bare(`/api/users/${memberId}/toggle-status`);
    expect(status.status).toBe(200);
    expect(((await status.json()) as { user: { isActive: boolean } }).user.isActive).toBe(!before?.is_active);
    expect(await flags(memberId)).toEqual({ has_license: !before?.has_license, is_active: !before?.is_active });
    // And back.
    expect((await bare(`/api/users/${memberId}/toggle-license`)).status).toBe(200);
    expect((await bare(`/api/users/${memberId}/toggle-status`)).status).toBe(200);
    expect(await flags(memberId)).toEqual(before);
  });

  it('accept an empty JSON object as no payload', async () => {
    const before = await flags(memberId);
    const response = await api.call('PATCH', `/api/users/${memberId}/toggle-license`, { sub: org.adminSub, body: {} });
    expect(response.status).toBe(200);
    expect((await flags(memberId))?.has_license).toBe(!before?.has_license);
    await bare(`/api/users/${memberId}/toggle-license`);
  });

  it('flip twice when two toggles arrive at once (one statement each, no read-then-write)', async () => {
    const before = await flags(memberId);
    const trail = async () =>
      (
        await api.db.query<{ after: { hasLicense: boolean } }>(
          `SELECT after FROM audit_entries WHERE org_id = $1 AND member_id = $2 AND kind = 'member.license' ORDER BY created_at, id`,
          [org.orgId, memberId],
        )
      ).rows.map((r) => r.after.hasLicense);
    const trailBefore = await trail();
    const answers = await Promise.all([bare(`/api/users/${memberId}/toggle-license`), bare(`/api/users/${memberId}/toggle-license`)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await flags(memberId)).toEqual(before);
    // Two changes in the trail, one each way.
    expect((await trail()).slice(trailBefore.length).sort()).toEqual([false, true]);
  });

  it('refuse to flip your own status (you are active: it would deactivate you)', async () => {
    const response = await bare(`/api/users/${org.adminMemberId}/toggle-status`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'You cannot deactivate your own account.', field: 'isActive' });
  });
});

describe('the console form (the wanted value in the body)', () => {
  it('sets the value, and setting what is already there changes nothing', async () => {
    for (const hasLicense of [true, true, false, false]) {
      const response = await api.call('PATCH', `/api/users/${memberId}/toggle-license`, { sub: org.adminSub, body: { hasLicense } });
      expect(response.status).toBe(200);
      expect((await flags(memberId))?.has_license).toBe(hasLicense);
    }
  });

  it('still refuses a value that is not true or false, with a clear message', async () => {
    const response = await api.call('PATCH', `/api/users/${memberId}/toggle-status`, { sub: org.adminSub, body: { isActive: 'yes' } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe('isActive must be true or false');
    const extra = await api.call('PATCH', `/api/users/${memberId}/toggle-license`, {
      sub: org.adminSub,
      body: { hasLicense: true, role: 'Admin' },
    });
    expect(extra.status).toBe(400);
  });
});

describe("another organisation's member", () => {
  it('is 404 with no payload and with a value, and stays as it was', async () => {
    const before = await flags(otherMemberId);
    for (const path of [`/api/users/${otherMemberId}/toggle-license`, `/api/users/${otherMemberId}/toggle-status`]) {
      const flipped = await bare(path);
      expect(flipped.status).toBe(404);
    }
    const set = await api.call('PATCH', `/api/users/${otherMemberId}/toggle-license`, { sub: org.adminSub, body: { hasLicense: false } });
    expect(set.status).toBe(404);
    const status = await api.call('PATCH', `/api/users/${otherMemberId}/toggle-status`, { sub: org.adminSub, body: { isActive: false } });
    expect(status.status).toBe(404);
    expect(await flags(otherMemberId)).toEqual(before);
  });
});
