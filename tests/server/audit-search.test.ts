// @vitest-environment node
/**
 * Activity you can search (issue 41): GET /api/audit filtered by who made the change (`actorId`),
 * the member (`memberId`), the kind and a date range in the administrator's time zone, each alone
 * and combined, with clear 400s; the filtered trail exported as CSV through a one-time link,
 * streamed in batches with formula cells neutralised; and the indexes the filters use on a large
 * trail (EXPLAIN). Runs on PGlite and, under `npm run test:postgres`, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ApiErrorBodySchema } from '../../src/contract/api';
import { AuditListResponseSchema, DATE_RANGE_BACKWARDS, ExportActivityResponseSchema, type AuditKind } from '../../src/contract/audit';
import { serverModules } from '../../server';
import { ACTIVITY_EXPORT_BATCH, ACTIVITY_EXPORT_HEADER } from '../../server/audit';
import { EXPORT_LINK_INVALID } from '../../server/core/csvExport';
import { addMembers, createTestApi, signUpOrganisation, type TestApi, type TestOrg } from './support/api';

let api: TestApi;
let org: TestOrg;
let rival: TestOrg;
/** A second administrator of `org`, and two members the entries are about. */
let other: { id: string; name: string; email: string };
let ana: { id: string; name: string };
let ben: { id: string; name: string };

/** Entries of the fixture, named by what the tests look for. */
interface Fixture {
  id: string;
  kind: AuditKind;
  actor: 'admin' | 'other';
  member: 'ana' | 'ben';
  /** UTC instant. */
  at: string;
}

/**
 * Around midnight in Los Angeles (UTC-8 in January): 2026-01-10 08:30 UTC is Jan 10 00:30 there,
 * 2026-01-11 07:30 UTC is still Jan 10 23:30 there, 2026-01-11 08:30 UTC is Jan 11.
 */
const FIXTURES: Fixture[] = [
  { id: 'e01', kind: 'member.edited', actor: 'admin', member: 'ana', at: '2026-01-09T12:00:00Z' },
  { id: 'e02', kind: 'member.license', actor: 'other', member: 'ana', at: '2026-01-10T08:30:00Z' },
  { id: 'e03', kind: 'member.edited', actor: 'other', member: 'ben', at: '2026-01-11T07:30:00Z' },
  { id: 'e04', kind: 'member.status', actor: 'admin', member: 'ben', at: '2026-01-11T08:30:00Z' },
  { id: 'e05', kind: 'member.edited', actor: 'admin', member: 'ben', at: '2026-01-12T12:00:00Z' },
];

beforeAll(async () => {
  api = await createTestApi(serverModules);
  org = await signUpOrganisation(api, 'Searchable Trail Builders', 'boss@search-trail.test');
  rival = await signUpOrganisation(api, 'Rival Trail Co', 'boss@rival-trail.test');
  const [otherId = '', anaId = '', benId = ''] = await addMembers(api, org.orgId, [
    { name: 'Olga Other', email: 'olga@search-trail.test', phoneNumber: '+14155550301', role: 'Admin' },
    // A name a spreadsheet would run as a formula: the export neutralises it.
    { name: '=HYPERLINK("http://evil.test")', email: 'ana@search-trail.test', phoneNumber: '+14155550302' },
    { name: 'Ben Ode', email: 'ben@search-trail.test', phoneNumber: '+14155550303' },
  ]);
  await api.db.query('UPDATE members SET is_admin = true WHERE id = $1', [otherId]);
  other = { id: otherId, name: 'Olga Other', email: 'olga@search-trail.test' };
  ana = { id: anaId, name: '=HYPERLINK("http://evil.test")' };
  ben = { id: benId, name: 'Ben Ode' };
  const actors = {
    admin: { id: org.adminMemberId, name: 'Admin of Searchable Trail Builders', email: 'boss@search-trail.test' },
    other,
  };
  const members = { ana: { ...ana, email: 'ana@search-trail.test' }, ben: { ...ben, email: 'ben@search-trail.test' } };
  for (const f of FIXTURES) {
    const actor = actors[f.actor];
    const member = members[f.member];
    await api.db.query(
      `INSERT INTO audit_entries (id, org_id, actor_id, actor_name, actor_email, kind, member_id, member_name, member_email, before, after, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        f.id,
        org.orgId,
        actor.id,
        actor.name,
        actor.email,
        f.kind,
        member.id,
        member.name,
        member.email,
        '{"role":"Field Worker"}',
        '{"role":"Supervisor"}',
        f.at,
      ],
    );
  }
  // The rival's entry by the same kind and day: never in this organisation's answers.
  await api.db.query(
    `INSERT INTO audit_entries (id, org_id, actor_id, actor_name, actor_email, kind, member_id, member_name, member_email, created_at)
     VALUES ('r01', $1, $2, 'Rival', 'boss@rival-trail.test', 'member.edited', $2, 'Rival', 'boss@rival-trail.test', '2026-01-10T12:00:00Z')`,
    [rival.orgId, rival.adminMemberId],
  );
}, 120_000);
afterAll(() => api?.close());

/** The ids of the entries a query finds (newest first), and the total. */
async function found(query: Record<string, string>): Promise<{ ids: string[]; total: number }> {
  const res = await api.call('GET', `/api/audit?${new URLSearchParams({ limit: '100', ...query }).toString()}`, { sub: org.adminSub });
  const body: unknown = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  const page = v.parse(AuditListResponseSchema, body);
  // Only the fixture's entries: the organisation's signup writes none, but keep the check honest.
  return { ids: page.entries.map((e) => e.id).filter((id) => /^e\d\d$/.test(id)), total: page.total };
}

async function refused(query: Record<string, string>): Promise<string> {
  const res = await api.call('GET', `/api/audit?${new URLSearchParams(query).toString()}`, { sub: org.adminSub });
  expect(res.status).toBe(400);
  return v.parse(ApiErrorBodySchema, await res.json()).message;
}

describe('GET /api/audit filters', () => {
  it('by who made the change (actorId)', async () => {
    expect(await found({ actorId: other.id })).toEqual({ ids: ['e03', 'e02'], total: 2 });
    expect((await found({ actorId: org.adminMemberId })).ids).toEqual(['e05', 'e04', 'e01']);
    // Another organisation's administrator finds nothing here.
    expect(await found({ actorId: rival.adminMemberId })).toEqual({ ids: [], total: 0 });
  });

  it('by member (memberId) and by kind', async () => {
    expect((await found({ memberId: ana.id })).ids).toEqual(['e02', 'e01']);
    expect((await found({ kind: 'member.edited' })).ids).toEqual(['e05', 'e03', 'e01']);
  });

  it('by dates, whole days in UTC when no time zone is given', async () => {
    expect((await found({ from: '2026-01-11' })).ids).toEqual(['e05', 'e04', 'e03']);
    expect((await found({ to: '2026-01-10' })).ids).toEqual(['e02', 'e01']);
    expect((await found({ from: '2026-01-11', to: '2026-01-11' })).ids).toEqual(['e04', 'e03']);
  });

  it("by dates in the administrator's time zone", async () => {
    // Jan 10 in Los Angeles runs from 08:00 UTC on the 10th to 08:00 UTC on the 11th.
    const la = { timeZone: 'America/Los_Angeles' };
    expect((await found({ ...la, from: '2026-01-10', to: '2026-01-10' })).ids).toEqual(['e03', 'e02']);
    expect((await found({ ...la, from: '2026-01-11' })).ids).toEqual(['e05', 'e04']);
    expect((await found({ ...la, to: '2026-01-09' })).ids).toEqual(['e01']);
    // The same day in Tokyo (UTC+9): Jan 10 09:00 local is 00:00 UTC; e02 (17:30 there) is in, e03 (16:30 on the 11th) is not.
    expect((await found({ timeZone: 'Asia/Tokyo', from: '2026-01-10', to: '2026-01-10' })).ids).toEqual(['e02']);
  });

  it('combines every filter with AND, and pages the result', async () => {
    expect((await found({ actorId: org.adminMemberId, memberId: ben.id })).ids).toEqual(['e05', 'e04']);
    expect((await found({ actorId: org.adminMemberId, memberId: ben.id, kind: 'member.edited' })).ids).toEqual(['e05']);
    expect(
      (await found({ actorId: other.id, kind: 'member.edited', from: '2026-01-10', to: '2026-01-10', timeZone: 'America/Los_Angeles' }))
        .ids,
    ).toEqual(['e03']);
    expect((await found({ memberId: ana.id, kind: 'member.status' })).total).toBe(0);
    const second = await found({ actorId: org.adminMemberId, limit: '2', page: '2' });
    expect(second).toEqual({ ids: ['e01'], total: 3 });
  });

  it('answers 400 with a message naming the parameter', async () => {
    expect(await refused({ from: '2026-01-12', to: '2026-01-11' })).toBe(DATE_RANGE_BACKWARDS);
    expect(DATE_RANGE_BACKWARDS).toBe('to must be the same day as from or later');
    expect(await refused({ from: '12/01/2026' })).toBe('from must be a date (YYYY-MM-DD)');
    expect(await refused({ to: '2026-02-30' })).toBe('to must be a date that exists (YYYY-MM-DD)');
    expect(await refused({ from: '2026-01-01', timeZone: 'Mars/Olympus' })).toBe(
      'timeZone must be an IANA time zone such as America/Los_Angeles',
    );
    expect(await refused({ actorId: '' })).toBe('actorId must not be empty');
    expect(await refused({ actorId: 'x'.repeat(500) })).toMatch(/^actorId /);
    expect(await refused({ kind: 'member.sold' })).toMatch(/^kind must be one of member\.created, /);
  });

  it('keeps a member who is not an administrator to the entries about themself, whatever the filters', async () => {
    const sub = crypto.randomUUID();
    await api.db.query('UPDATE members SET cognito_sub = $1 WHERE id = $2', [sub, ben.id]);
    const res = await api.call('GET', `/api/audit?actorId=${other.id}`, { sub });
    const page = v.parse(AuditListResponseSchema, await res.json());
    expect(page.entries.map((e) => e.id)).toEqual(['e03']);
  });
});

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let inQuotes = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charAt(i);
    if (inQuotes) {
      if (ch === '"' && text.charAt(i + 1) === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') inQuotes = false;
      else cell += ch;
    } else if (ch === '"') inQuotes = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
    } else if (ch !== '\r') cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

async function exportOf(body: unknown, sub = org.adminSub): Promise<{ url: string; fileName: string }> {
  const res = await api.call('POST', '/api/audit/export', { sub, body });
  const json: unknown = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(201);
  return v.parse(ExportActivityResponseSchema, json);
}

async function download(url: string): Promise<{ response: Response; rows: string[][] }> {
  const response = await api.app.request(url);
  const text = (await response.text()).replace(/^\uFEFF/, '');
  return { response, rows: parseCsv(text) };
}

describe('exporting the filtered activity as CSV', () => {
  it('streams the entries the filters select, newest first, formula cells neutralised, named after the organisation', async () => {
    const { url, fileName } = await exportOf({ memberId: ana.id, today: '2026-01-20' });
    expect(fileName).toBe('searchable-trail-builders-activity-2026-01-20.csv');
    expect(url).toMatch(/^\/exports\/activity\/[\w-]{32}$/);
    const { response, rows } = await download(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain(`filename="${fileName}"`);
    expect(rows).toEqual([
      [...ACTIVITY_EXPORT_HEADER],
      [
        '2026-01-10T08:30:00.000Z',
        'member.license',
        'Olga Other',
        'olga@search-trail.test',
        `'=HYPERLINK("http://evil.test")`,
        'ana@search-trail.test',
        '{"role":"Field Worker"}',
        '{"role":"Supervisor"}',
      ],
      [
        '2026-01-09T12:00:00.000Z',
        'member.edited',
        'Admin of Searchable Trail Builders',
        'boss@search-trail.test',
        `'=HYPERLINK("http://evil.test")`,
        'ana@search-trail.test',
        '{"role":"Field Worker"}',
        '{"role":"Supervisor"}',
      ],
    ]);
    // One-time: the link opens once.
    const again = await api.app.request(url);
    expect(again.status).toBe(404);
    expect(await again.text()).toBe(EXPORT_LINK_INVALID);
  });

  it('applies every filter, the dates in the time zone the console sends', async () => {
    const { url } = await exportOf({ actorId: other.id, from: '2026-01-10', to: '2026-01-10', timeZone: 'America/Los_Angeles' });
    const { rows } = await download(url);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[4]])).toEqual([
      ['2026-01-11T07:30:00.000Z', 'member.edited', 'Ben Ode'],
      ['2026-01-10T08:30:00.000Z', 'member.license', `'=HYPERLINK("http://evil.test")`],
    ]);
    const none = await download((await exportOf({ kind: 'payment_method.added' })).url);
    expect(none.rows).toEqual([[...ACTIVITY_EXPORT_HEADER]]);
  });

  it('refuses bad filters (400), non-administrators (403), and a members link on the activity path', async () => {
    const bad = await api.call('POST', '/api/audit/export', { sub: org.adminSub, body: { from: '2026-01-12', to: '2026-01-11' } });
    expect(bad.status).toBe(400);
    expect(v.parse(ApiErrorBodySchema, await bad.json()).message).toBe(DATE_RANGE_BACKWARDS);
    const sub = crypto.randomUUID();
    await api.db.query('UPDATE members SET cognito_sub = $1 WHERE id = $2', [sub, ana.id]);
    expect((await api.call('POST', '/api/audit/export', { sub, body: {} })).status).toBe(403);
    const members = await api.call('POST', '/api/users/export', { sub: org.adminSub, body: {} });
    const { url } = (await members.json()) as { url: string };
    const ticket = url.split('/').pop() ?? '';
    expect((await api.app.request(`/exports/activity/${ticket}`)).status).toBe(404);
    // Still unused: the members export opens it.
    expect((await api.app.request(url)).status).toBe(200);
  });

  it('streams a trail longer than one batch, every entry once, in order', async () => {
    const big = await signUpOrganisation(api, 'Long Trail Co', 'boss@long-trail.test');
    const count = ACTIVITY_EXPORT_BATCH + 7;
    // Many entries share one instant (one bulk change): the id breaks the tie across batches.
    await api.db.query(
      `INSERT INTO audit_entries (id, org_id, actor_id, actor_name, actor_email, kind, member_id, member_name, member_email, created_at)
       SELECT 'b' || lpad(n::text, 5, '0'), $1, $2, 'Boss', 'boss@long-trail.test', 'members.bulk', 'm' || n, 'Member ' || n, 'm' || n || '@long-trail.test',
              timestamptz '2026-02-01T00:00:00Z' + ((n / 10) * interval '1 second')
         FROM generate_series(1, $3::int) AS n`,
      [big.orgId, big.adminMemberId, count],
    );
    const { rows } = await download((await exportOf({ kind: 'members.bulk' }, big.adminSub)).url);
    const names = rows.slice(1).map((r) => r[4]);
    expect(names).toHaveLength(count);
    expect(new Set(names).size).toBe(count);
    const times = rows.slice(1).map((r) => r[0] ?? '');
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('indexes for a large trail', () => {
  it('reads each filter through an index of the organisation (EXPLAIN)', async () => {
    const huge = await signUpOrganisation(api, 'Huge Trail Co', 'boss@huge-trail.test');
    await api.db.query(
      `INSERT INTO audit_entries (id, org_id, actor_id, actor_name, actor_email, kind, member_id, member_name, member_email, created_at)
       SELECT 'h' || n, $1, 'actor' || (n % 20), 'A', 'a@huge.test', (ARRAY['member.edited','member.license','member.status'])[1 + n % 3],
              'member' || (n % 5000), 'M', 'm@huge.test', timestamptz '2025-01-01T00:00:00Z' + n * interval '5 minutes'
         FROM generate_series(1, 60000) AS n`,
      [huge.orgId],
    );
    await api.db.query('ANALYZE audit_entries');
    const plan = async (where: string, params: unknown[]) => {
      const { rows } = await api.db.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT id FROM audit_entries WHERE org_id = $1 AND ${where} ORDER BY created_at DESC, id DESC LIMIT 25`,
        [huge.orgId, ...params],
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    expect(await plan('actor_id = $2', ['actor7'])).toContain('audit_entries_actor_idx');
    expect(await plan('member_id = $2', ['member42'])).toContain('audit_entries_member_idx');
    expect(await plan('created_at >= $2 AND created_at < $3', ['2025-03-01T00:00:00Z', '2025-03-02T00:00:00Z'])).toMatch(
      /Index (Only )?Scan.*audit_entries_(org|kind|actor|member)_idx/,
    );
    expect(await plan('actor_id = $2 AND created_at >= $3', ['actor3', '2025-06-01T00:00:00Z'])).toContain('audit_entries_actor_idx');
  }, 240_000);
});
