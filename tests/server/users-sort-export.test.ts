// @vitest-environment node
/**
 * The members list's server-side sort and the CSV export (issue 14): every sort key both ways
 * against an order computed here in JavaScript from the rows themselves, pages that follow the
 * sort, and an export that streams every selected member in that order, in batches, with
 * formula-looking cells neutralised, through a one-time link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ExportMembersResponseSchema, USER_SORTS, UserListResponseSchema, type User, type UserSort } from '../../src/contract/api';
import { EXPORT_BATCH, EXPORT_HEADER, EXPORT_LINK_INVALID, exportFileName } from '../../server/users/export';
import { neutraliseCell } from '../../src/domain/csv';
import { addMembers, createTestApi, signUpOrganisation, type TestApi, type TestOrg } from './support/api';

let api: TestApi;
let summit: TestOrg;
let rival: TestOrg;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

const crew = [
  {
    name: 'maria Garcia',
    email: 'maria.garcia@summit.test',
    phoneNumber: '+14155550142',
    role: 'Supervisor',
    hasLicense: true,
    isActive: true,
    createdAt: minutesAgo(50),
  },
  {
    name: 'James Okafor',
    email: 'James.Okafor@summit.test',
    phoneNumber: '+12125550199',
    role: 'Field Worker',
    isActive: false,
    createdAt: minutesAgo(40),
  },
  {
    name: 'Priya Patel',
    email: 'priya@summit.test',
    phoneNumber: '+13035551234',
    role: 'Project Manager',
    hasLicense: true,
    createdAt: minutesAgo(30),
  },
  { name: 'Tomasz Novak', email: 'tnovak@summit.test', phoneNumber: '+17135550101', createdAt: minutesAgo(20) },
  { name: 'Priya Patel', email: 'priya.p2@summit.test', phoneNumber: '+13035551235', createdAt: minutesAgo(20) },
  { name: '=HYPERLINK("http://evil.test","Click")', email: 'formula@summit.test', phoneNumber: '+16175559876', createdAt: minutesAgo(10) },
  {
    name: '@SUM(A1), "quoted"',
    email: 'at@summit.test',
    phoneNumber: '+16175559877',
    role: 'Supervisor',
    isActive: false,
    createdAt: minutesAgo(5),
  },
];

beforeAll(async () => {
  api = await createTestApi();
  summit = await signUpOrganisation(api, 'Summit Test Builders, Inc.', 'boss@summit.test');
  rival = await signUpOrganisation(api, 'Rival Construction', 'boss@rival.test');
  const ids = await addMembers(api, summit.orgId, crew);
  // Last active: two members at known times, the rest never.
  await api.db.query('UPDATE members SET last_active_at = $2 WHERE id = $1', [ids[0], minutesAgo(3)]);
  await api.db.query('UPDATE members SET last_active_at = $2 WHERE id = $1', [ids[3], minutesAgo(90)]);
  await addMembers(api, rival.orgId, [{ name: 'Aaron Rival', email: 'aaron@rival.test', phoneNumber: '+14155550143' }]);
}, 120_000);
afterAll(() => api?.close());

const asAdmin = (method: string, path: string, body?: unknown) =>
  api.call(method, path, { sub: summit.adminSub, ...(body !== undefined ? { body } : {}) });

async function list(query: string): Promise<v.InferOutput<typeof UserListResponseSchema>> {
  const response = await asAdmin('GET', `/api/users?${query}`);
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return v.parse(UserListResponseSchema, body);
}

/** The order a sort must give, computed from the members themselves (ids break ties the same way). */
function expected(users: readonly User[], sort: UserSort): string[] {
  const descending = sort.startsWith('-');
  const key = descending ? sort.slice(1) : sort;
  const valueOf = (u: User): string | number => {
    if (key === 'name') return u.name.toLowerCase();
    if (key === 'email') return u.email.toLowerCase();
    if (key === 'role') return u.role;
    if (key === 'created') return new Date(u.createdAt).getTime();
    return u.lastActiveAt ? new Date(u.lastActiveAt).getTime() : -Infinity;
  };
  // Byte order for text, as the C collation of the test databases compares it.
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = [...users].sort((a, b) => cmp(valueOf(a), valueOf(b)) || cmp(a.userId, b.userId));
  if (descending) sorted.reverse();
  return sorted.map((u) => u.userId);
}

describe('sorting the members list', () => {
  it('offers five keys, each both ways', () => {
    expect(USER_SORTS).toEqual(['name', '-name', 'email', '-email', 'role', '-role', 'created', '-created', 'lastActive', '-lastActive']);
  });

  it.each(USER_SORTS.map((sort) => [sort]))('sort=%s orders every member, ties broken by id', async (sort) => {
    const all = await list('limit=100');
    const sorted = await list(`limit=100&sort=${encodeURIComponent(sort)}`);
    expect(sorted.users.map((u) => u.userId)).toEqual(expected(all.users, sort));
  });

  it('sorting is case-insensitive, puts never-active members first oldest-first, and pages follow the sort', async () => {
    const byName = await list('sort=name');
    expect(byName.users.map((u) => u.name).slice(0, 3)).toEqual([
      '=HYPERLINK("http://evil.test","Click")',
      '@SUM(A1), "quoted"',
      'Admin of Summit Test Builders, Inc.',
    ]);
    expect(byName.users.findIndex((u) => u.name === 'maria Garcia')).toBe(byName.users.findIndex((u) => u.name === 'James Okafor') + 1);
    const never = (users: readonly User[]) => users.map((u) => u.lastActiveAt === null);
    const latestFirst = (await list('sort=-lastActive')).users;
    expect(never(latestFirst)).toEqual(never(latestFirst).sort()); // false (was active) before true (never)
    expect(latestFirst.findIndex((u) => u.name === 'maria Garcia')).toBeLessThan(latestFirst.findIndex((u) => u.name === 'Tomasz Novak'));
    const oldestFirst = (await list('sort=lastActive')).users;
    expect(never(oldestFirst)).toEqual(never(oldestFirst).sort().reverse());
    const pages = [
      await list('sort=-name&limit=3&page=1'),
      await list('sort=-name&limit=3&page=2'),
      await list('sort=-name&limit=3&page=3'),
    ];
    expect(pages.flatMap((p) => p.users.map((u) => u.userId))).toEqual((await list('sort=-name')).users.map((u) => u.userId));
  });

  it('the default is newest first, as before', async () => {
    const all = await list('limit=100');
    expect(all.users.map((u) => u.userId)).toEqual(expected(all.users, '-created'));
    expect(all.users[0]?.name).toBe('Admin of Summit Test Builders, Inc.');
  });

  it('a sort that is not on the list is refused with the allowed values', async () => {
    for (const sort of ['password', 'name;DROP TABLE members', '--name', 'Name']) {
      const response = await asAdmin('GET', `/api/users?sort=${encodeURIComponent(sort)}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: `sort must be one of ${USER_SORTS.join(', ')}`, field: 'sort' });
    }
  });
});

/** RFC 4180, as a spreadsheet reads it (written here, independent of the server's stringifier). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (quoted || (ch !== ',' && ch !== '\n' && ch !== '\r')) {
      cell += ch;
    } else if (ch === ',' || ch === '\n') {
      row.push(cell);
      cell = '';
      if (ch === '\n') {
        rows.push(row);
        row = [];
      }
    }
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

async function exportOf(body: unknown, sub = summit.adminSub): Promise<{ fileName: string; url: string }> {
  const response = await api.call('POST', '/api/users/export', { sub, body });
  const json: unknown = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(201);
  return v.parse(ExportMembersResponseSchema, json);
}

/** The file's bytes start with a UTF-8 byte order mark (spreadsheets read it as UTF-8); `text` is after it. */
async function download(url: string): Promise<{ response: Response; text: string; bom: boolean }> {
  const response = await api.app.request(url);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return { response, bom, text: new TextDecoder('utf-8').decode(bytes) };
}

describe('exporting members as CSV', () => {
  it('names the file after the organisation and the console’s date', async () => {
    expect((await exportOf({ today: '2026-11-24' })).fileName).toBe('summit-test-builders-inc-members-2026-11-24.csv');
    expect((await exportOf({})).fileName).toBe(`summit-test-builders-inc-members-${new Date().toISOString().slice(0, 10)}.csv`);
    expect(exportFileName('Équipe Île-de-France', '2026-01-02')).toBe('équipe-île-de-france-members-2026-01-02.csv');
    expect(exportFileName('***', '2026-01-02')).toBe('organisation-members-2026-01-02.csv');
  });

  it('streams the filtered, sorted view as UTF-8 CSV with a header row, formula cells neutralised', async () => {
    const { url, fileName } = await exportOf({ sort: 'name', status: 'active' });
    const { response, text, bom } = await download(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(bom).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([...EXPORT_HEADER]);
    const active = (await list('status=active&sort=name&limit=100')).users;
    expect(rows.map((r) => r[1])).toEqual(active.map((u) => neutraliseCell(u.email)));
    const formula = rows.find((r) => r[1] === 'formula@summit.test');
    expect(formula).toEqual([
      '\'=HYPERLINK("http://evil.test","Click")',
      'formula@summit.test',
      "'+16175559876",
      'Field Worker',
      'Active',
      'No',
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      '',
    ]);
    const maria = rows.find((r) => r[1] === 'maria.garcia@summit.test');
    expect(maria?.slice(3, 6)).toEqual(['Supervisor', 'Active', 'Yes']);
    expect(maria?.[7]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(rows.some((r) => r[1]?.endsWith('@rival.test'))).toBe(false);
  });

  it('keeps a quoted, comma-holding name whole and neutralised', async () => {
    const { url } = await exportOf({ search: 'quoted' });
    const [, ...rows] = parseCsv((await download(url)).text);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[0]).toBe('\'@SUM(A1), "quoted"');
    expect(rows[0]?.[4]).toBe('Pending');
  });

  it('a link works once, only while fresh, only while its administrator still is one', async () => {
    const once = await exportOf({});
    expect((await download(once.url)).response.status).toBe(200);
    const again = await download(once.url);
    expect(again.response.status).toBe(404);
    expect(again.text).toBe(EXPORT_LINK_INVALID);

    const stale = await exportOf({});
    await api.db.query("UPDATE member_export_tickets SET expires_at = now() - interval '1 second'");
    expect((await download(stale.url)).response.status).toBe(404);

    expect((await download('/exports/members/not-a-ticket')).response.status).toBe(404);

    const demoted = await exportOf({});
    await api.db.query('UPDATE members SET is_admin = false WHERE id = $1', [summit.adminMemberId]);
    try {
      expect((await download(demoted.url)).response.status).toBe(404);
    } finally {
      await api.db.query('UPDATE members SET is_admin = true WHERE id = $1', [summit.adminMemberId]);
    }
  });

  it('only an administrator gets a link, with a bearer token, and bad input is refused', async () => {
    expect((await api.call('POST', '/api/users/export', { body: {} })).status).toBe(401);
    const bad = await asAdmin('POST', '/api/users/export', { sort: 'salary' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { field?: string }).field).toBe('sort');
    expect((await asAdmin('POST', '/api/users/export', { today: '24/11/2026' })).status).toBe(400);
  });

  it(`streams more than one batch (${EXPORT_BATCH} rows) with no member missed or repeated, ties on the sort key included`, async () => {
    const big = await signUpOrganisation(api, 'Batch Builders', 'boss@batch.test');
    const same = new Date('2026-01-01T08:00:00.123Z');
    const count = EXPORT_BATCH * 2 + 345;
    await api.db.query(
      `INSERT INTO members (id, org_id, name, email, phone_number, role, has_license, is_active, is_admin, created_at)
       SELECT gen_random_uuid()::text, $1, 'Worker ' || (i % 7), 'worker' || i || '@batch.test', '+1555000' || lpad(i::text, 4, '0'),
              'Field Worker', false, true, false, $2
         FROM generate_series(1, $3) AS i`,
      [big.orgId, same, count],
    );
    for (const sort of ['-created', 'name'] as const) {
      const { url } = await exportOf({ sort }, big.adminSub);
      const [, ...rows] = parseCsv((await download(url)).text);
      const emails = rows.map((r) => r[1]);
      expect(emails).toHaveLength(count + 1);
      expect(new Set(emails).size).toBe(count + 1);
      const { rows: truth } = await api.db.query<{ email: string }>(
        sort === 'name'
          ? 'SELECT email FROM members WHERE org_id = $1 ORDER BY lower(name), id'
          : 'SELECT email FROM members WHERE org_id = $1 ORDER BY created_at DESC, id DESC',
        [big.orgId],
      );
      expect(emails).toEqual(truth.map((r) => r.email));
    }
  }, 120_000);
});
