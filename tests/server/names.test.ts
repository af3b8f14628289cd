// @vitest-environment node
/**
 * Names refuse what would change how they read without being seen (issue 37 item 7): bidi
 * embeddings, overrides and isolates, zero-width characters and C1 controls. A member named
 * "Ann\u202Egnp.exe" shows as "Annexe.png" in the users table, the activity trail and the CSV.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, signUpOrganisation, type TestApi, type TestOrg } from './support/api';

let api: TestApi;
let org: TestOrg;
beforeAll(async () => {
  api = await createTestApi();
  org = await signUpOrganisation(api, 'Names Test Builders', 'boss@names.test');
}, 120_000);
afterAll(() => api?.close());

const asAdmin = (method: string, path: string, body?: unknown) =>
  api.call(method, path, { sub: org.adminSub, ...(body !== undefined ? { body } : {}) });

/** One of each kind the names refuse. */
const SPOOFS = {
  'right-to-left override': 'Ann\u202Egnp.exe',
  'left-to-right embedding': 'Ann\u202Aa',
  'first-strong isolate': 'Ann\u2068a',
  'pop directional isolate': 'Anna\u2069',
  'zero-width space': 'An\u200Bna',
  'zero-width joiner': 'An\u200Dna',
  'word joiner': 'An\u2060na',
  'byte-order mark (inside the name: around it, trimming removes it)': 'An\uFEFFna',
  'C1 control (NEL)': 'An\u0085na',
  'C1 control (CSI)': 'An\u009Bna',
};

async function refused(response: Response, field: string): Promise<void> {
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ message: `${field} must not contain invisible or text-direction characters`, field });
}

describe('names', () => {
  it.each(Object.entries(SPOOFS))('refuse a %s when a member is added, invited or edited', async (_, name) => {
    const member = { name, email: `spoof-${crypto.randomUUID().slice(0, 8)}@names.test`, phoneNumber: '+19175550170' };
    await refused(await asAdmin('POST', '/api/users', member), 'name');
    await refused(await asAdmin('POST', '/api/users/invite', member), 'name');
    await refused(await asAdmin('PUT', `/api/users/${org.adminMemberId}`, { name }), 'name');
    const { rows } = await api.db.query('SELECT 1 FROM members WHERE email = $1', [member.email]);
    expect(rows).toHaveLength(0);
  });

  it('refuse them in the full name and the organisation at signup completion', async () => {
    const sub = crypto.randomUUID();
    api.userPool.accounts.push({ username: sub, sub, email: 'new.admin@names.test' });
    const body = {
      fullName: 'Dana Reyes',
      email: 'new.admin@names.test',
      phoneNumber: '+15551230000',
      organization: 'Dana Co',
      cognitoUserId: sub,
    };
    await refused(
      await api.call('POST', '/api/complete-signup', { sub, body: { ...body, fullName: SPOOFS['right-to-left override'] } }),
      'fullName',
    );
    await refused(
      await api.call('POST', '/api/complete-signup', { sub, body: { ...body, organization: 'Dana\u200B Co' } }),
      'organization',
    );
  });

  it('keep every script, accents and emoji', async () => {
    for (const name of ['José Núñez', 'Zoë Ødegård', 'محمد علي', 'שרה כהן', '李小龍', 'Ana 👷 Diaz']) {
      const response = await asAdmin('POST', '/api/users', {
        name,
        email: `ok-${crypto.randomUUID().slice(0, 8)}@names.test`,
        phoneNumber: '+19175550171',
      });
      expect(response.status, name).toBe(201);
    }
  });
});
