// @vitest-environment node
/**
 * Several API processes on one PostgreSQL database, as a deployment runs them: the local stack in
 * its several-process mode (scripts/stack.ts `apiProcesses: 2`: the production entry, server/main.ts,
 * in two processes behind a round-robin balancer), with cognito-local behind its stand-in.
 *
 * - The balancer alternates the requests; both processes answer the same data.
 * - An export link made on one process is served by the other (the tickets live in PostgreSQL).
 * - Two administrators acting on each other from different processes at the same moment always
 *   leave one active administrator. The moment is made with a row lock the test holds on the
 *   organisation: both requests pass authentication, then wait for the lock in their own
 *   transactions (the test sees both waiting in pg_stat_activity), and go together when it commits.
 * - SIGTERM during a request that is waiting: the request is answered, then the process exits 0.
 * - The processes' logs hold a line per request and none of the secrets that went through them.
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startStack, type Stack } from '../../scripts/stack';
import { startApiProcess } from '../../scripts/stack/api-processes';
import { ADMIN_ACCOUNT } from '../../scripts/stack/cognito';
import { UserResponseSchema, UserStatsSchema } from '../../src/contract/api';
import { createTestDatabaseUrl } from '../server/support/db';
import { connect, postgresServerUrl, signIn, until, waitingOnLock, type Tokens } from './support';

postgresServerUrl();

let stack: Stack;
let dataDir: string;
let database: { url: string; drop(): Promise<void> };
let sql: pg.Client;
let admin: Tokens;
let orgId: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'hardline-processes-'));
  database = (await createTestDatabaseUrl()) as { url: string; drop(): Promise<void> };
  stack = await startStack({
    mode: 'none',
    webPort: 0,
    apiPort: 0,
    cognitoPort: 0,
    dataDir,
    quiet: true,
    seedUsers: 12,
    databaseUrl: database.url,
    apiProcesses: 2,
  });
  sql = await connect(database.url);
  admin = await signIn(stack.cognitoEndpoint, stack.clientId, ADMIN_ACCOUNT.email, ADMIN_ACCOUNT.password);
  const { rows } = await sql.query<{ org_id: string }>("SELECT org_id FROM members WHERE email = 'admin@hardline.test'");
  orgId = rows[0]?.org_id ?? '';
}, 240_000);

afterAll(async () => {
  await sql?.end();
  await stack?.stop();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

const request = (base: string, path: string, token: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });

let invited = 0;
/** A second administrator, invited through the API and signed in with a password of their own. */
async function secondAdministrator(): Promise<{ id: string; tokens: Tokens; email: string; temporary: string; chosen: string }> {
  const email = `second.admin.${++invited}@processes.example`;
  const response = await request(stack.apiUrl, '/api/users/invite', admin.accessToken, {
    method: 'POST',
    body: { name: `Second Admin ${invited}`, email, phoneNumber: '+15550107000', role: 'Admin' },
  });
  expect(response.status).toBe(201);
  const { user } = v.parse(UserResponseSchema, await response.json());
  const temporary = (await stack.getTemporaryPassword(email)) ?? '';
  const chosen = `Chosen#2026-${invited}`;
  return {
    id: user.userId,
    tokens: await signIn(stack.cognitoEndpoint, stack.clientId, email, temporary, chosen),
    email,
    temporary,
    chosen,
  };
}

describe('two API processes on one PostgreSQL database', () => {
  it('answer alternately through the balancer, with the same data', async () => {
    const answers = await Promise.all([0, 1, 2, 3].map(() => request(stack.apiUrl, '/api/users/stats', admin.accessToken)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.headers.get('x-api-process')))).toEqual(new Set(['1', '2']));
    const [first, ...others] = await Promise.all(answers.map(async (r) => v.parse(UserStatsSchema, await r.json())));
    for (const other of others) expect(other).toEqual(first);
    expect(stack.apiProcessUrls).toHaveLength(2);
  }, 60_000);

  it('serve an export link made on one process from the other, once', async () => {
    const [one = '', two = ''] = stack.apiProcessUrls;
    const made = await request(one, '/api/users/export', admin.accessToken, { method: 'POST', body: { sort: 'name' } });
    expect(made.status).toBe(201);
    const { url } = (await made.json()) as { url: string };
    const served = await fetch(`${two}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toContain('text/csv');
    const csv = await served.text();
    expect(csv).toContain('Name,Email,Phone,Role,Status,Licence,Created,Last active');
    expect(csv).toContain('admin@hardline.test');
    expect((await fetch(`${one}${url}`)).status).toBe(404);
  }, 60_000);

  it('always leave an active administrator when two administrators on different processes act on each other at once', async () => {
    const [one = '', two = ''] = stack.apiProcessUrls;
    const second = await secondAdministrator();
    const { rows: members } = await sql.query<{ id: string }>("SELECT id FROM members WHERE email = 'admin@hardline.test'");
    const first = { id: members[0]?.id ?? '', token: admin.accessToken };
    const other = { id: second.id, token: second.tokens.accessToken };
    const snapshot = await sql.query(
      `SELECT id, org_id, cognito_sub, name, email, phone_number, role, has_license, is_active, is_admin, created_at
         FROM members WHERE id = ANY($1)`,
      [[first.id, other.id]],
    );
    /** Both are active administrators again (re-created when a round deleted one). */
    const restore = async () => {
      for (const m of snapshot.rows as Array<Record<string, unknown>>) {
        await sql.query(
          `INSERT INTO members (id, org_id, cognito_sub, name, email, phone_number, role, has_license, is_active, is_admin, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, 'Admin', $7, true, true, $8)
           ON CONFLICT (id) DO UPDATE SET role = 'Admin', is_admin = true, is_active = true`,
          [m['id'], m['org_id'], m['cognito_sub'], m['name'], m['email'], m['phone_number'], m['has_license'], m['created_at']],
        );
      }
    };
    type Attack = (base: string, token: string, targetId: string) => Promise<Response>;
    const attacks: Array<[string, Attack]> = [
      ['demotion by PUT', (b, t, id) => request(b, `/api/users/${id}`, t, { method: 'PUT', body: { role: 'Field Worker' } })],
      ['deactivation', (b, t, id) => request(b, `/api/users/${id}/toggle-status`, t, { method: 'PATCH', body: { isActive: false } })],
      [
        'bulk demotion',
        (b, t, id) => request(b, '/api/users/bulk', t, { method: 'PATCH', body: { userIds: [id], updates: { role: 'Supervisor' } } }),
      ],
      ['deletion', (b, t, id) => request(b, `/api/users/${id}`, t, { method: 'DELETE' })],
    ];
    onTestFinished(restore);
    for (let round = 0; round < attacks.length; round++) {
      const [nameA, attackA] = attacks[round] as [string, Attack];
      const [nameB, attackB] = attacks[(round + 1) % attacks.length] as [string, Attack];
      await restore();
      await sql.query('BEGIN');
      let both: Promise<Response[]>;
      try {
        await sql.query('SELECT 1 FROM organizations WHERE id = $1 FOR UPDATE', [orgId]);
        both = Promise.all([attackA(one, first.token, other.id), attackB(two, other.token, first.id)]);
        // Both have been authenticated as administrators and wait for the organisation in their transactions.
        await until('both requests to wait for the organisation', async () => (await waitingOnLock(sql, 'FOR NO KEY UPDATE')) === 2);
      } finally {
        await sql.query('COMMIT');
      }
      const responses = await both;
      const label = `round ${round}: A ${nameA} on process 1, B ${nameB} on process 2 -> ${responses.map((r) => r.status).join(', ')}`;
      expect(responses.map((r) => r.status).sort(), label).toEqual([200, 409]);
      const refused = responses.find((r) => r.status === 409);
      expect(await refused?.json(), label).toEqual({
        message: 'You are no longer an active administrator of this organisation, so nothing was changed.',
      });
      // One of the two went through; the other's sender was no longer an administrator by then.
      const { rows } = await sql.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM members WHERE id = ANY($1) AND is_admin AND is_active',
        [[first.id, other.id]],
      );
      expect(rows[0]?.n, label).toBe(1);
    }
  }, 120_000);

  it('finish a request in flight on SIGTERM, then exit 0', async () => {
    const proc = await startApiProcess({
      name: 'API process 3',
      env: {
        DATABASE_URL: database.url,
        COGNITO_USER_POOL_ID: stack.userPoolId,
        COGNITO_REGION: 'local',
        COGNITO_CLIENT_ID: stack.clientId,
        COGNITO_ENDPOINT: stack.cognitoEndpoint,
        CONSOLE_ORIGIN: stack.webUrl,
        API_PUBLIC_URL: stack.apiUrl,
      },
      logFile: join(dataDir, 'api-3.log'),
    });
    const { rows } = await sql.query<{ id: string }>(
      "SELECT id FROM members WHERE org_id = $1 AND email <> 'admin@hardline.test' AND NOT is_admin LIMIT 1",
      [orgId],
    );
    await sql.query('BEGIN');
    let slow: Promise<Response>;
    try {
      await sql.query('SELECT 1 FROM organizations WHERE id = $1 FOR UPDATE', [orgId]);
      slow = request(proc.url, `/api/users/${rows[0]?.id ?? ''}/toggle-license`, admin.accessToken, {
        method: 'PATCH',
        body: { hasLicense: true },
      });
      await until('the request to wait for the organisation', async () => (await waitingOnLock(sql, 'FOR NO KEY UPDATE')) === 1);
      proc.child.kill('SIGTERM');
      // It stops accepting at once...
      await until('the process to stop accepting', () =>
        fetch(`${proc.url}/healthz`).then(
          () => false,
          () => true,
        ),
      );
    } finally {
      // ...and answers the request in flight once it can go on.
      await sql.query('COMMIT');
    }
    const response = await slow;
    expect(response.status).toBe(200);
    expect(await proc.exited).toBe(0);
    const log = readFileSync(proc.logFile, 'utf8');
    expect(log).toMatch(/"msg":"stopping: no new connections, finishing the requests in flight"/);
    expect(log).toMatch(/"route":"\/api\/users\/:id\/toggle-license","status":200/);
    expect(log).toMatch(/"msg":"stopped"/);
  }, 120_000);

  it('write a JSON line per request, with no token, password, code or e-mail address in it', async () => {
    const second = await secondAdministrator();
    const exportLink = await request(stack.apiUrl, '/api/users/export', second.tokens.accessToken, {
      method: 'POST',
      body: { search: second.email },
    });
    const { url } = (await exportLink.json()) as { url: string };
    await fetch(`${stack.apiUrl}${url}`);
    await request(stack.apiUrl, `/api/users?search=${encodeURIComponent(second.email)}`, second.tokens.accessToken);
    await request(stack.apiUrl, '/api/users/invite', second.tokens.accessToken, {
      method: 'POST',
      body: { name: 'Again', email: second.email, phoneNumber: '+15550107000', role: 'Admin' },
    });
    await fetch(`${stack.apiUrl}/api/users/stats?token=${admin.refreshToken}`, {
      headers: { Authorization: `Bearer ${admin.refreshToken}` },
    });

    const lines = stack.apiLogFiles.flatMap((file) => readFileSync(file, 'utf8').split('\n').filter(Boolean));
    const requests = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry['msg'] === 'request');
    expect(requests.length).toBeGreaterThan(10);
    for (const entry of requests)
      expect(Object.keys(entry).sort()).toEqual(['level', 'method', 'ms', 'msg', 'pid', 'reqId', 'route', 'service', 'status', 'time']);
    const text = lines.join('\n');
    const secrets = {
      'admin password': ADMIN_ACCOUNT.password,
      'admin e-mail': ADMIN_ACCOUNT.email,
      'access token': admin.accessToken,
      'refresh token': admin.refreshToken,
      'token signature': admin.accessToken.split('.')[2] ?? '',
      'invited e-mail': second.email,
      'invited e-mail, encoded': encodeURIComponent(second.email),
      'temporary password': second.temporary,
      'chosen password': second.chosen,
      'export link': url.split('/').pop() ?? '',
    };
    for (const [what, secret] of Object.entries(secrets)) {
      expect(secret.length, what).toBeGreaterThan(6);
      expect(text.includes(secret), `${what} in the API's log`).toBe(false);
    }
  }, 60_000);
});
