// @vitest-environment node
/**
 * The Assistant's accuracy, measured: every question of the bank (copilot-questions.bank.ts: at
 * least 150, typed the way administrators type, several paraphrases each) is asked through
 * POST /api/copilot/ask against the reference API's own seed, and its answer is checked against
 * ground truth computed independently (plain SQL), never through the parser. Accuracy is reported per family (printed, and written to
 * reports/copilot-questions.json); the test fails below 95% overall.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CopilotAskResponse, CopilotIntent } from '../../src/contract/api';
import { formatDuration, usd } from '../../server/copilot/answer/format';
import { BANK, PLACEHOLDERS, bankQuestions, type BankEntry, type Truth } from './copilot-questions.bank';
import { createCopilotHarness, type CopilotHarness } from './copilot-harness';

let h: CopilotHarness;
let fill: (question: string) => string = (q) => q;

beforeAll(async () => {
  h = await createCopilotHarness();
  const values: Record<string, string> = {};
  for (const [key, sql] of Object.entries(PLACEHOLDERS)) {
    const { rows } = await h.db.query<{ name: string }>(sql, [h.orgId]);
    values[key] = rows[0]?.name ?? '';
  }
  fill = (q) => q.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}, 180_000);

afterAll(async () => {
  await h?.close();
});

type Answer = CopilotAskResponse & { text: string };

const fmt = (n: number) => n.toLocaleString('en-US');
const firstLine = (text: string) => text.split('\n')[0] ?? '';
const firstNumber = (line: string): number | null => {
  const m = /\d[\d,]*/.exec(line);
  return m ? Number(m[0].replace(/,/g, '')) : null;
};

async function column<T>(sql: string, key: string): Promise<T[]> {
  const { rows } = await h.db.query<Record<string, T>>(fill(sql), [h.orgId]);
  return rows.map((r) => r[key] as T);
}

/** Why the answer is wrong, or null when it is right. */
async function judge(truth: Truth, answer: Answer): Promise<string | null> {
  const line = firstLine(answer.text);
  // The records cited, after the screen that shows them (a 'list' or 'figure' source leads).
  const ids = answer.sources.filter((s) => s.type !== 'list' && s.type !== 'figure').map((s) => s.id);
  if (answer.webSearchUsed) return 'webSearchUsed';
  switch (truth.kind) {
    case 'count': {
      const [n] = await column<number>(truth.sql, 'n');
      return firstNumber(line) === Number(n) ? null : `expected ${n} first in "${line}"`;
    }
    case 'records': {
      const expected = await column<string>(truth.sql, 'id');
      if (firstNumber(line) !== expected.length) return `expected ${expected.length} first in "${line}"`;
      const shown = expected.slice(0, 10);
      if (JSON.stringify(ids) !== JSON.stringify(shown)) return `sources ${ids.length} differ from the first ${shown.length} records`;
      if (/ more\./.test(answer.text) && !answer.text.includes(`…and ${fmt(expected.length - 10)} more.`))
        return `expected "…and ${expected.length - 10} more."`;
      return null;
    }
    case 'first': {
      const expected = (await column<string>(truth.sql, 'id')).slice(0, truth.n ?? 1);
      return JSON.stringify(ids.slice(0, expected.length)) === JSON.stringify(expected) && (truth.n === undefined || ids.length === truth.n)
        ? null
        : `expected first sources ${expected.join(', ')}, got ${ids.slice(0, 3).join(', ')}`;
    }
    case 'groups': {
      const { rows } = await h.db.query<{ label: string; n: number }>(fill(truth.sql), [h.orgId]);
      const sorted = rows.map((r) => ({ label: r.label, n: Number(r.n) })).sort((a, b) => b.n - a.n);
      const cut = sorted.length > 10 ? (sorted[10]?.n ?? 0) : -1;
      const missing = sorted.filter((g) => g.n > cut && !answer.text.includes(`\n- ${g.label}: ${fmt(g.n)}`));
      return missing.length === 0 ? null : `missing lines ${missing.map((g) => `"- ${g.label}: ${g.n}"`).join(', ')}`;
    }
    case 'top': {
      const { rows } = await h.db.query<{ label: string; n: number }>(fill(truth.sql), [h.orgId]);
      const max = Number(rows[0]?.n ?? 0);
      const ok = rows.some((r) => Number(r.n) === max && line.startsWith(`${r.label} `)) && line.includes(`: ${fmt(max)} (`);
      return ok ? null : `expected ${rows[0]?.label} with ${max} in "${line}"`;
    }
    case 'money': {
      const [value] = await column<number>(truth.sql, 'v');
      return line.includes(usd(Number(value ?? 0))) ? null : `expected ${usd(Number(value ?? 0))} in "${line}"`;
    }
    case 'duration': {
      const [value] = await column<number>(truth.sql, 'v');
      return line.includes(formatDuration(Number(value ?? 0))) ? null : `expected ${formatDuration(Number(value ?? 0))} in "${line}"`;
    }
    case 'search': {
      const acceptable = new Set(await column<string>(truth.sql, 'id'));
      const records = answer.sources.filter((s) => s.type === 'call' || s.type === 'task');
      if (records.length === 0) return `no call or task found ("${line}")`;
      const stray = records.filter((s) => !acceptable.has(s.id));
      return stray.length === 0 ? null : `${stray.length} of ${records.length} sources do not match: ${stray[0]?.title}`;
    }
    case 'none': {
      if (answer.sources.length > 0) return 'cited sources';
      if (/\d/.test(answer.text)) return `a figure in "${line}"`;
      return /can't|couldn't|can only|not sure/.test(line) ? null : `no plain refusal in "${line}"`;
    }
    case 'report':
      return line === `**${truth.heading}**` ? null : `expected the report "${truth.heading}", got "${line}"`;
  }
}

interface Result {
  family: string;
  question: string;
  error: string | null;
}

async function askEntry(entry: BankEntry, question: string): Promise<Answer> {
  let previous: CopilotIntent | undefined;
  if (entry.after) {
    const first = await h.ask(fill(entry.after));
    previous = first.intent;
  }
  return h.ask(question, previous);
}

describe('the question bank', () => {
  it('holds at least 150 questions across the families, several paraphrases each', () => {
    const questions = bankQuestions();
    expect(questions.length).toBeGreaterThanOrEqual(150);
    const families = new Set(BANK.map((e) => e.family));
    expect(families.size).toBeGreaterThanOrEqual(12);
    for (const family of families) expect(questions.filter((q) => q.family === family).length, family).toBeGreaterThanOrEqual(5);
  });

  it('answers at least 95% of them right, reported per family', async () => {
    const results: Result[] = [];
    for (const { family, question, entry } of bankQuestions(fill)) {
      let error: string | null;
      try {
        error = await judge(entry.truth, await askEntry(entry, question));
      } catch (e) {
        error = `threw: ${e instanceof Error ? e.message : String(e)}`;
      }
      results.push({ family, question, error });
    }
    const families = [...new Set(results.map((r) => r.family))];
    const table = families.map((family) => {
      const mine = results.filter((r) => r.family === family);
      const right = mine.filter((r) => r.error === null).length;
      return { family, right, total: mine.length, accuracy: Math.round((right / mine.length) * 1000) / 10 };
    });
    const right = results.filter((r) => r.error === null).length;
    const overall = Math.round((right / results.length) * 1000) / 10;
    const report = { overall, right, total: results.length, families: table, wrong: results.filter((r) => r.error !== null) };
    mkdirSync('reports', { recursive: true });
    writeFileSync('reports/copilot-questions.json', `${JSON.stringify(report, null, 2)}\n`);
    console.log(
      [
        `Assistant question bank: ${right}/${results.length} right (${overall}%)`,
        ...table.map((t) => `  ${t.family.padEnd(16)} ${String(t.right).padStart(3)}/${String(t.total).padEnd(3)} ${t.accuracy}%`),
        ...report.wrong.map((w) => `  WRONG [${w.family}] ${w.question} — ${w.error}`),
      ].join('\n'),
    );
    expect(overall).toBeGreaterThanOrEqual(95);
  }, 300_000);
});
