// @vitest-environment node
/**
 * The administrator's day (issue 40, item 2): the console sends its IANA time zone with each
 * question, and "today", "yesterday", "this week" and "last month" are the administrator's, at
 * 23:30 and at 00:30 local time in America/Los_Angeles and Pacific/Auckland. Each expected window
 * is written out below as the UTC instants of the local midnights (worked out by hand: Los Angeles
 * is UTC-7 in May and June, Auckland UTC+12), and the expected count is plain SQL over them.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema } from '../../src/contract/api';
import { inlineText, parseBlocks, parseInline } from '../../src/domain/markdown';
import { createCopilotHarness, NOW, type CopilotHarness } from './copilot-harness';

let h: CopilotHarness;
let now = NOW;

const SITE = 'Zone Test Yard';
/** Calls at the site, around the midnights of both zones (UTC). */
const CALLS = [
  '2025-04-30T13:00:00Z', // Apr 30 06:00 in LA; May 1 01:00 in Auckland
  '2025-05-01T03:00:00Z', // Apr 30 20:00 in LA; May 1 15:00 in Auckland
  '2025-05-31T20:00:00Z', // May 31 13:00 in LA; Jun 1 08:00 in Auckland
  '2025-06-01T06:30:00Z', // May 31 23:30 in LA; Jun 1 18:30 in Auckland
  '2025-06-08T20:00:00Z', // Jun 8 13:00 in LA (a Sunday); Jun 9 08:00 in Auckland (a Monday)
  '2025-06-10T06:00:00Z', // Jun 9 23:00 in LA; Jun 10 18:00 in Auckland
  '2025-06-10T08:00:00Z', // Jun 10 01:00 in LA; Jun 10 20:00 in Auckland
  '2025-06-10T13:00:00Z', // Jun 10 06:00 in LA; Jun 11 01:00 in Auckland
  '2025-06-11T06:00:00Z', // Jun 10 23:00 in LA; Jun 11 18:00 in Auckland
  '2025-06-11T07:10:00Z', // Jun 11 00:10 in LA; Jun 11 19:10 in Auckland
  '2025-06-11T12:10:00Z', // Jun 11 05:10 in LA; Jun 12 00:10 in Auckland
];

type Window = 'today' | 'yesterday' | 'this week' | 'last month';
interface Case {
  zone: string;
  /** The instant asked at, and what the clock on the administrator's wall says. */
  at: string;
  local: string;
  /** [from, to) of each window, in UTC. */
  windows: Record<Window, [string, string]>;
  /** "Today" as the answer names it when the UTC day is another (null: the same day). */
  note: string | null;
}

const LA_WEEK: [string, string] = ['2025-06-09T07:00:00Z', '2025-06-16T07:00:00Z'];
const LA_MAY: [string, string] = ['2025-05-01T07:00:00Z', '2025-06-01T07:00:00Z'];
const AKL_WEEK: [string, string] = ['2025-06-08T12:00:00Z', '2025-06-15T12:00:00Z'];
const AKL_MAY: [string, string] = ['2025-04-30T12:00:00Z', '2025-05-31T12:00:00Z'];

const CASES: Case[] = [
  {
    zone: 'America/Los_Angeles',
    at: '2025-06-11T06:30:00Z',
    local: 'Tuesday Jun 10, 23:30',
    windows: {
      today: ['2025-06-10T07:00:00Z', '2025-06-11T07:00:00Z'],
      yesterday: ['2025-06-09T07:00:00Z', '2025-06-10T07:00:00Z'],
      'this week': LA_WEEK,
      'last month': LA_MAY,
    },
    note: 'Tue, Jun 10',
  },
  {
    zone: 'America/Los_Angeles',
    at: '2025-06-11T07:30:00Z',
    local: 'Wednesday Jun 11, 00:30',
    windows: {
      today: ['2025-06-11T07:00:00Z', '2025-06-12T07:00:00Z'],
      yesterday: ['2025-06-10T07:00:00Z', '2025-06-11T07:00:00Z'],
      'this week': LA_WEEK,
      'last month': LA_MAY,
    },
    note: null,
  },
  {
    zone: 'Pacific/Auckland',
    at: '2025-06-11T11:30:00Z',
    local: 'Wednesday Jun 11, 23:30',
    windows: {
      today: ['2025-06-10T12:00:00Z', '2025-06-11T12:00:00Z'],
      yesterday: ['2025-06-09T12:00:00Z', '2025-06-10T12:00:00Z'],
      'this week': AKL_WEEK,
      'last month': AKL_MAY,
    },
    note: null,
  },
  {
    zone: 'Pacific/Auckland',
    at: '2025-06-11T12:30:00Z',
    local: 'Thursday Jun 12, 00:30',
    windows: {
      today: ['2025-06-11T12:00:00Z', '2025-06-12T12:00:00Z'],
      yesterday: ['2025-06-10T12:00:00Z', '2025-06-11T12:00:00Z'],
      'this week': AKL_WEEK,
      'last month': AKL_MAY,
    },
    note: 'Thu, Jun 12',
  },
];

beforeAll(async () => {
  h = await createCopilotHarness({ users: 40, clock: () => now });
  const { rows } = await h.db.query<{ id: string }>('SELECT id FROM members WHERE org_id = $1 ORDER BY id LIMIT 1', [h.orgId]);
  for (const [i, at] of CALLS.entries())
    await h.db.query(
      `INSERT INTO calls (id, org_id, member_id, started_at, duration_seconds, site, summary, sentiment, outcome)
       VALUES ($1, $2, $3, $4, 300, $5, 'Zone check call', 'neutral', 'resolved')`,
      [`zone-call-${i}`, h.orgId, rows[0]?.id, at, SITE],
    );
}, 180_000);

afterAll(() => h?.close());

/** The answer as the console shows it. */
const shown = (text: string) =>
  parseBlocks(text)
    .flatMap((b) => (b.kind === 'paragraph' ? b.lines : b.kind === 'list' ? b.items : b.kind === 'heading' ? [b.text] : []))
    .map((line) => inlineText(parseInline(line)));

const firstNumber = (line: string) => Number(/\d[\d,]*/.exec(line)?.[0].replace(/,/g, '') ?? NaN);

async function callsBetween(from: string, to: string): Promise<number> {
  const { rows } = await h.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM calls WHERE org_id = $1 AND site = $2 AND started_at >= $3 AND started_at < $4',
    [h.orgId, SITE, from, to],
  );
  return Number(rows[0]?.n);
}

describe("the administrator's day", () => {
  for (const c of CASES) {
    it(`${c.zone} at ${c.local}: today, yesterday, this week and last month are that zone's`, async () => {
      now = new Date(c.at);
      for (const [window, [from, to]] of Object.entries(c.windows) as Array<[Window, [string, string]]>) {
        const answer = await h.ask(`how many calls at zone test yard ${window}`, undefined, c.zone);
        const lines = shown(answer.text);
        expect(firstNumber(lines[0] ?? ''), `${window}: "${lines[0]}"`).toBe(await callsBetween(from, to));
      }
      // Said when it matters: the administrator's today is not UTC's.
      const today = shown((await h.ask('calls at zone test yard today', undefined, c.zone)).text).join('\n');
      if (c.note) expect(today).toContain(`Days are in your time zone (${c.zone}), where today is ${c.note}.`);
      else expect(today).not.toContain('Days are in your time zone');
    });
  }

  it('shows the times of the records in the zone, and says which', async () => {
    now = new Date('2025-06-11T06:30:00Z');
    const la = shown((await h.ask('calls at zone test yard today', undefined, 'America/Los_Angeles')).text).join('\n');
    expect(la).toContain('Jun 10, 2025, 11:00 PM PDT');
    const akl = shown((await h.ask('calls at zone test yard yesterday', undefined, 'Pacific/Auckland')).text).join('\n');
    expect(akl).toContain('Jun 10, 2025, 6:00 PM GMT+12');
  });

  it('without a time zone (SPEC §7: query and isAdmin) the day is UTC', async () => {
    now = new Date('2025-06-11T06:30:00Z');
    const answer = await h.ask('how many calls at zone test yard today');
    expect(firstNumber(shown(answer.text)[0] ?? '')).toBe(await callsBetween('2025-06-11T00:00:00Z', '2025-06-12T00:00:00Z'));
  });

  it('answers 400 naming timeZone for a zone that is not an IANA one', async () => {
    for (const timeZone of ['Mars/Olympus_Mons', 'PDT+3', '', 'x'.repeat(65), 42]) {
      const res = await h.json('POST', '/api/copilot/ask', { query: 'calls today', isAdmin: true, timeZone });
      expect(res.status, String(timeZone)).toBe(400);
      expect(v.parse(ApiErrorBodySchema, res.body).field).toBe('timeZone');
    }
  });
});
