// @vitest-environment node
/**
 * The headers every API answer carries (issue 37, item 6): `X-Content-Type-Options: nosniff` on all,
 * `Cache-Control: no-store` on JSON (errors included) unless a route chose its own, and HSTS only
 * when the API is served over https.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, signUpOrganisation, type TestApi, type TestOrg } from './support/api';

let api: TestApi;
let org: TestOrg;
beforeAll(async () => {
  api = await createTestApi();
  org = await signUpOrganisation(api, 'Headers Co');
}, 120_000);
afterAll(() => api?.close());

describe('every JSON answer', () => {
  it('is nosniff and no-store: data, a refused request, an unknown route, a bad body', async () => {
    const answers = [
      await api.call('GET', '/api/me', { sub: org.adminSub }),
      await api.call('GET', '/api/users?page=1&limit=25', { sub: org.adminSub }),
      await api.call('GET', '/api/users'),
      await api.call('GET', '/api/nowhere', { sub: org.adminSub }),
      await api.call('POST', '/api/users', { sub: org.adminSub, rawBody: '{not json' }),
      await api.call('GET', '/healthz'),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 401, 404, 400, 200]);
    for (const response of answers) {
      expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('Cache-Control')).toBe('no-store');
      // Served over http here: no HSTS (a browser would ignore it, and it must not pin a plain origin).
      expect(response.headers.get('Strict-Transport-Security')).toBeNull();
    }
  });
});

describe('over https', () => {
  it('tells browsers to use https only', async () => {
    const secure = await createTestApi(undefined, { apiOrigin: 'https://api.hardline.example' });
    try {
      const response = await secure.call('GET', '/healthz');
      expect(response.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    } finally {
      await secure.close();
    }
  });
});
