// @vitest-environment node
/**
 * Error bodies say what the administrator can act on; what an upstream said (the user pool's message,
 * PostgreSQL's message and `detail`, a socket's reason) goes to the log only (issue 37 item 6).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { ImportPreviewResponseSchema, ImportResponseSchema } from '../../src/contract/imports';
import { formatCsv } from '../../src/domain/csv';
import type { Transaction } from '../../server/core/db';
import { createCognitoUserPoolAdmin } from '../../server/core/userPool';
import { signupModule } from '../../server/signup';
import { usersModule } from '../../server/users';
import { createTestApi, signUpOrganisation, type TestApi, type TestOrg } from './support/api';
import { breakableStatement } from './support/db';

const POOL_SECRET = 'arn:aws:cognito-idp:eu-west-1:123456789012:userpool/eu-west-1_Secret';
let server: Server;
let endpoint: string;

/** The invitation's last step, attaching the account to its member, broken on cue. */
const attach = breakableStatement('SET cognito_sub');
/** A real PostgreSQL error in its place: a primary-key violation, whose message names the constraint and detail the row. */
const primaryKeyViolation = (tx: Transaction) =>
  tx.query('INSERT INTO organizations (id, name) SELECT id, name FROM organizations LIMIT 1');

let api: TestApi;
let org: TestOrg;

beforeAll(async () => {
  // Stands in for Cognito (a boundary we do not own): every call fails with the service's own words.
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(400, { 'Content-Type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify({ __type: 'NotAuthorizedException', message: `User: ${POOL_SECRET} is not authorized to perform this` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api = await createTestApi([signupModule, usersModule], { wrapDatabase: attach.wrap, background: true });
  org = await signUpOrganisation(api, 'Error Body Builders', 'boss@errors.test');
}, 120_000);
afterAll(async () => {
  await api?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const asAdmin = (on: TestApi, method: string, path: string, body?: unknown) =>
  on.call(method, path, { sub: org.adminSub, ...(body !== undefined ? { body } : {}) });

describe('an upstream failure', () => {
  it("answers the user pool's failure by what could not be done, and logs the pool's message", async () => {
    const pooled = await createTestApi([signupModule, usersModule], {
      database: api.db,
      userPool: createCognitoUserPoolAdmin({
        userPoolId: 'eu-west-1_Secret',
        region: 'eu-west-1',
        endpoint,
        credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'not-a-secret' },
        maxAttempts: 1,
      }),
    });
    // The same database (and organisation); a close of its own would close it, so none.
    const response = await asAdmin(pooled, 'POST', '/api/users/invite', {
      name: 'Pool Down',
      email: 'pool.down@errors.test',
      phoneNumber: '+19175550160',
    });
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      message: 'The user pool could not create the account. Nothing was changed; try again in a moment.',
    });
    expect(text).not.toContain('arn:aws');
    expect(pooled.errors).toHaveLength(1);
    expect(pooled.errors[0]).toMatchObject({ status: 502, cause: { name: 'NotAuthorizedException' } });
    expect(String((pooled.errors[0] as Error).cause)).toContain(POOL_SECRET);
  });

  it('answers a PostgreSQL error as 500 with neither its message nor its detail, which are logged', async () => {
    const errorsBefore = api.errors.length;
    const response = await attach.during(primaryKeyViolation, () =>
      asAdmin(api, 'POST', '/api/users/invite', {
        name: 'Db Down',
        email: 'db.down@errors.test',
        phoneNumber: '+19175550161',
      }),
    );
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: 'Internal server error' });
    expect(text).not.toMatch(/duplicate key|Key \(id\)/);
    const logged = api.errors.slice(errorsBefore);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ code: '23505', detail: expect.stringMatching(/^Key \(id\)=/) });
  });

  it("shows a members import's failed row as 'Failed to invite user', not the database's or the network's words", async () => {
    const csv = formatCsv([
      ['Name', 'Email', 'Phone', 'Role', 'Licence'],
      ['Row Db', 'row.db@errors.test', '5551230001', 'Field Worker', 'no'],
    ]);
    const preview = await asAdmin(api, 'POST', '/api/users/imports', { fileName: 'crew.csv', csv });
    expect(preview.status).toBe(201);
    const { import: draft } = v.parse(ImportPreviewResponseSchema, await preview.json());
    const errorsBefore = api.errors.length;
    const finished = await attach.during(primaryKeyViolation, async () => {
      expect((await asAdmin(api, 'POST', `/api/users/imports/${draft.id}/start`)).status).toBe(200);
      return vi.waitFor(
        async () => {
          const job = v.parse(ImportResponseSchema, await (await asAdmin(api, 'GET', `/api/users/imports/${draft.id}`)).json()).import;
          if (job.status === 'running') throw new Error('the import is still running');
          return job;
        },
        { timeout: 60_000, interval: 20 },
      );
    });
    expect(finished).toMatchObject({ status: 'done', failed: 1 });
    const { rows } = await api.db.query<{ message: string }>('SELECT message FROM member_import_rows WHERE import_id = $1', [draft.id]);
    expect(rows).toEqual([{ message: 'Failed to invite user' }]);
    expect(api.errors.slice(errorsBefore)).toContainEqual(expect.objectContaining({ code: '23505' }));
  });
});
