// @vitest-environment node
/**
 * The Assistant's parser on its own (no database): what a question is understood as. The answers
 * themselves are checked against the data in copilot-questions.test.ts; these name the behaviours.
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/domain/limits';
import { CopilotIntentSchema, type CopilotIntent } from '../../src/contract/api';
import { editDistance, stem, tokenize } from '../../server/copilot/understand/normalise';
import { parseQuestion, type OrgWords, type Parsed } from '../../server/copilot/understand';
import { findWindows, resolveWindow } from '../../server/copilot/time/windows';

const NOW = new Date('2025-06-11T15:00:00.000Z'); // a Wednesday

const PEOPLE = [
  { id: 'm-priya', name: 'Priya Nguyen', email: 'priya.nguyen@summit.test' },
  { id: 'm-tom-1', name: 'Tom Berg', email: 'tom.berg@summit.test' },
  { id: 'm-tom-2', name: 'Tom Walker', email: 'tom.walker@summit.test' },
  { id: 'm-grace-1', name: 'Grace Hall', email: 'grace.hall@summit.test' },
  { id: 'm-grace-2', name: 'Grace Hall', email: 'grace.hall2@summit.test' },
];

const org: OrgWords = {
  orgName: 'Summit Builders',
  sites: ['Harbor Point Tower', 'Riverside Medical Center', 'Oak Street Lofts', 'Summit Logistics Hub'],
  async lookupPeople({ names, firstNames, lastNames, emails }) {
    return PEOPLE.filter((p) => {
      const name = p.name.toLowerCase();
      return (
        names.includes(name) ||
        emails.includes(p.email) ||
        firstNames.some((f) => name.startsWith(`${f} `)) ||
        lastNames.some((l) => name.endsWith(` ${l}`))
      );
    });
  },
  // Words of the organisation's call summaries and task titles (the database's full-text search in the API).
  async recordWords(words) {
    return words.filter((w) => RECORD_WORDS.has(w));
  },
};

const clock = { now: NOW, zone: 'UTC' };
const RECORD_WORDS = new Set(['concrete', 'pour', 'delays', 'crane', 'weather', 'rebar', 'inspection']);
const parse = (q: string, previous?: CopilotIntent) => parseQuestion(q, { clock, org, previous });

async function intentOf(q: string, previous?: CopilotIntent): Promise<CopilotIntent> {
  const parsed = await parse(q, previous);
  if (parsed.kind !== 'intent') throw new Error(`"${q}" was read as ${parsed.kind}: ${JSON.stringify(parsed)}`);
  return parsed.intent;
}

describe('words', () => {
  it('normalises case, accents, British spellings, plurals and possessives', () => {
    expect(tokenize("Licences for Priya's CRÈW?").map((t) => t.stem)).toEqual(['license', 'for', 'priya', 'crew']);
    expect(['members', 'activities', 'boxes', 'status', 'news'].map(stem)).toEqual(['member', 'activity', 'box', 'status', 'news']);
    expect(editDistance('suprevisor', 'supervisor', 2)).toBe(1);
    expect(editDistance('pnding', 'pending', 1)).toBe(1);
  });

  it('reads any text without throwing, into one of its answers', async () => {
    const kinds = ['intent', 'report', 'search', 'out', 'greeting', 'unclear', 'ambiguousPerson', 'unknownPerson'];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 200 }),
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc
            .array(
              fc.constantFrom('how', 'many', 'pending', 'by', 'last', 'since', 'Tom', '5', "'s", '-', '/', 'of', 'them', 'and', 'most'),
              { maxLength: 30 },
            )
            .map((w) => w.join(' ')),
        ),
        async (q) => {
          const parsed = await parse(q);
          expect(kinds).toContain(parsed.kind);
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000); // 300 parses of up to 200 characters: about 5 s on a quiet machine, five times that under a CPU hog

  it('reads a 2,000-character question in bounded work', async () => {
    const started = performance.now();
    await parse(`${'how many pending supervisors '.repeat(70)}`.slice(0, 2000));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('time windows', () => {
  const window = (q: string) => findWindows(tokenize(q), '2025-06-11').at(-1)?.window;
  const range = (q: string) => {
    const w = window(q);
    if (!w) return null;
    const r = resolveWindow(w, clock);
    return [r.from.toISOString().slice(0, 10), r.to.toISOString().slice(0, 10), r.label];
  };

  it('resolves calendar windows in UTC, weeks from Monday', () => {
    expect(range('calls today')).toEqual(['2025-06-11', '2025-06-12', 'today']);
    expect(range('calls yesterday')).toEqual(['2025-06-10', '2025-06-11', 'yesterday']);
    expect(range('this week')).toEqual(['2025-06-09', '2025-06-16', 'this week']);
    expect(range('last week')).toEqual(['2025-06-02', '2025-06-09', 'last week']);
    expect(range('this month')).toEqual(['2025-06-01', '2025-07-01', 'this month']);
    expect(range('last month')).toEqual(['2025-05-01', '2025-06-01', 'last month']);
  });

  it('reads the last N days, since a date or a weekday, and a month', () => {
    expect(range('in the last 30 days')).toEqual(['2025-05-13', '2025-06-12', 'in the last 30 days']);
    expect(range('over the past two weeks')).toEqual(['2025-05-29', '2025-06-12', 'in the last 14 days']);
    expect(range('the past week')).toEqual(['2025-06-05', '2025-06-12', 'in the last 7 days']);
    expect(range('since June 1')).toEqual(['2025-06-01', '2025-06-12', 'since Jun 1, 2025']);
    expect(range('since 6/1')?.[0]).toBe('2025-06-01');
    expect(range('since 2025-05-20')?.[0]).toBe('2025-05-20');
    expect(range('since monday')?.[0]).toBe('2025-06-09');
    expect(range('in May')).toEqual(['2025-05-01', '2025-06-01', 'in May 2025']);
    // A month not yet reached this year is last year's.
    expect(range('in december')?.[0]).toBe('2024-12-01');
  });

  it('does not read "may" the verb as the month', () => {
    expect(window('may I see the pending users')).toBeUndefined();
  });
});

describe('intents', () => {
  it("reads the issue's example: pending members, counted", async () => {
    expect(await intentOf('How many users are pending?')).toEqual({ subject: 'members', measure: 'count', filters: { status: 'pending' } });
  });

  it('tolerates synonyms, lower case, a missing question mark and small typos', async () => {
    for (const q of [
      'how many people are inactive',
      'number of crew members not activated',
      'how many staff havent activated',
      'HOW MANY USERS ARE PENDING',
      'how mnay usres are pnding',
    ]) {
      expect(await intentOf(q), q).toMatchObject({ subject: 'members', measure: 'count', filters: { status: 'pending' } });
    }
    expect(await intentOf('how many seats are we using')).toMatchObject({
      subject: 'members',
      measure: 'count',
      filters: { licensed: true },
    });
    expect(await intentOf('how many suprevisors')).toMatchObject({ filters: { role: 'Supervisor' } });
  });

  it('reads filters: role, licence, access level, site, person, window, sentiment, outcome', async () => {
    expect(await intentOf('licensed field workers who joined this month')).toEqual({
      subject: 'members',
      measure: 'list',
      filters: { role: 'Field Worker', licensed: true, window: { kind: 'this_month', field: 'joined' } },
    });
    expect(await intentOf('how many pro users')).toMatchObject({ subject: 'members', filters: { access: 'pro' } });
    expect(await intentOf('negative calls at harbour point last week')).toEqual({
      subject: 'calls',
      measure: 'list',
      filters: { site: 'Harbor Point Tower', sentiment: 'negative', window: { kind: 'last_week' } },
    });
    expect(await intentOf('escalated calls by Priya Nguyen')).toMatchObject({
      subject: 'calls',
      filters: { outcome: 'escalated', person: { ids: ['m-priya'], name: 'Priya Nguyen' } },
    });
    expect(await intentOf('open tasks assigned to priya nguyen')).toMatchObject({
      subject: 'tasks',
      filters: { status: 'open', person: { ids: ['m-priya'] } },
    });
    expect(await intentOf('tasks completed this week')).toMatchObject({
      subject: 'tasks',
      filters: { status: 'done', window: { kind: 'this_week', field: 'completed' } },
    });
    expect(await intentOf('who was active today')).toEqual({
      subject: 'members',
      measure: 'list',
      filters: { window: { kind: 'today', field: 'active' } },
    });
  });

  it('reads measures: total, average, longest, latest (with a number), and a grouping with a rank', async () => {
    expect(await intentOf('total talk time this week')).toMatchObject({ subject: 'calls', measure: 'total' });
    expect(await intentOf('average call duration')).toMatchObject({ subject: 'calls', measure: 'average' });
    expect(await intentOf('longest call this month')).toMatchObject({ subject: 'calls', measure: 'longest' });
    expect(await intentOf('last 5 calls')).toMatchObject({ subject: 'calls', measure: 'latest', limit: 5 });
    expect(await intentOf('members by role')).toMatchObject({ subject: 'members', measure: 'count', groupBy: 'role' });
    expect(await intentOf('busiest site this week')).toMatchObject({ subject: 'calls', groupBy: 'site', rank: 'most' });
    expect(await intentOf('who made the most calls')).toMatchObject({ subject: 'calls', groupBy: 'person', rank: 'most' });
    expect(await intentOf("what's our MRR")).toMatchObject({ subject: 'subscriptions', measure: 'total', filters: { status: 'active' } });
  });

  it('asks which member is meant when a first name is shared, and says when nobody has the name', async () => {
    expect(await parse('calls by Tom')).toMatchObject({ kind: 'ambiguousPerson', candidates: [{ id: 'm-tom-1' }, { id: 'm-tom-2' }] });
    expect(await parse('how many calls did Zed Brown make')).toEqual({ kind: 'unknownPerson', name: 'Zed Brown' });
    // Two members with the same full name: both.
    expect(await intentOf('calls by grace hall')).toMatchObject({
      filters: { person: { ids: ['m-grace-1', 'm-grace-2'], name: 'Grace Hall' } },
    });
  });
});

describe('follow-ups', () => {
  const pending: CopilotIntent = { subject: 'members', measure: 'count', filters: { status: 'pending' } };
  const callsThisWeek: CopilotIntent = { subject: 'calls', measure: 'count', filters: { window: { kind: 'this_week' } } };

  it('narrows the previous answer', async () => {
    expect(await intentOf('which of them are supervisors?', pending)).toEqual({
      subject: 'members',
      measure: 'list',
      filters: { status: 'pending', role: 'Supervisor' },
    });
    expect(await intentOf('how many of them are licensed', pending)).toEqual({
      subject: 'members',
      measure: 'count',
      filters: { status: 'pending', licensed: true },
    });
  });

  it('replaces what the new question names: the window, the site, the subject', async () => {
    expect(await intentOf('and last week?', callsThisWeek)).toEqual({
      subject: 'calls',
      measure: 'count',
      filters: { window: { kind: 'last_week' } },
    });
    expect(await intentOf('what about harbor point', callsThisWeek)).toMatchObject({
      filters: { site: 'Harbor Point Tower', window: { kind: 'this_week' } },
    });
    // Another subject keeps where and when, not the rest.
    expect(
      await intentOf('and tasks?', {
        ...callsThisWeek,
        filters: { ...callsThisWeek.filters, site: 'Harbor Point Tower', sentiment: 'negative' },
      }),
    ).toEqual({
      subject: 'tasks',
      measure: 'count',
      filters: { site: 'Harbor Point Tower', window: { kind: 'this_week' } },
    });
  });

  it('treats a new question as new, even with a previous answer', async () => {
    expect(await intentOf('how many open tasks', pending)).toEqual({ subject: 'tasks', measure: 'count', filters: { status: 'open' } });
  });

  it('without a previous answer, a bare follow-up asks what is meant', async () => {
    expect((await parse('and last week?')).kind).toBe('unclear');
  });
});

describe('what it will not answer', () => {
  it('declines the weather, poems, general knowledge and other companies', async () => {
    const kinds: Array<[string, Parsed['kind'], string?]> = [
      ["what's the weather tomorrow", 'out', 'weather'],
      ['write me a poem about concrete', 'out', 'creative'],
      ['tell me a joke', 'out', 'creative'],
      ['who is the president of France', 'out', 'general'],
      ['How many users does Acme Inc have?', 'out', 'company'],
      ['how many employees does Bayside Contracting have', 'out', 'company'],
      ['what do our competitors charge', 'out', 'company'],
      ['hello', 'greeting'],
    ];
    for (const [q, kind, reason] of kinds) {
      const parsed = await parse(q);
      expect(parsed.kind, q).toBe(kind);
      if (reason) expect(parsed, q).toMatchObject({ reason });
    }
  });

  it('searches the work for words the vocabulary does not know, and keeps the weather of a call as a word', async () => {
    expect(await parse('concrete pour delays at Harbor Point')).toEqual({
      kind: 'search',
      terms: ['concrete', 'pour', 'delays'],
      site: 'Harbor Point Tower',
      who: false,
    });
    expect(await parse('who reported the crane issue')).toEqual({ kind: 'search', terms: ['crane'], who: true });
    expect(await intentOf('calls about the weather this week')).toMatchObject({ subject: 'calls', filters: { terms: ['weather'] } });
    // A word longer than the contract's search term is no term: the intent stays one the console can send back.
    const long = await intentOf(`calls about ${'x'.repeat(LIMITS.searchTerm + 1)} weather this week`);
    expect(long).toMatchObject({ subject: 'calls', filters: { terms: ['weather'] } });
    expect(v.safeParse(CopilotIntentSchema, long).success).toBe(true);
  });

  it('names the words it could not use', async () => {
    const parsed = await parse('how many pending members are grumpy');
    expect(parsed).toMatchObject({ kind: 'intent', ignored: ['grumpy'], intent: { filters: { status: 'pending' } } });
  });
});
