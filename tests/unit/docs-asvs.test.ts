/**
 * docs/ASVS.md maps every OWASP ASVS 5.0 Level 1 and 2 requirement to where it is enforced and the
 * test that shows it. This keeps the map from rotting: every file it cites exists, every function
 * named after a file, in parentheses, occurs in that file, every cited test name occurs in its test
 * file, the counts in docs/SECURITY.md are the table's, and no `TODO(` is left in it: every row cites
 * what enforces it today.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

const STATUSES = ['met', 'partly', 'n/a', 'not met'] as const;
type Status = (typeof STATUSES)[number];

/** Level 1 and 2 requirements per chapter of ASVS 5.0.0 (5.0/en/0x10–0x25), V17 (WebRTC) left out. */
const REQUIREMENTS_PER_CHAPTER: Record<number, number> = {
  1: 27,
  2: 11,
  3: 19,
  4: 10,
  5: 9,
  6: 35,
  7: 18,
  8: 7,
  9: 7,
  10: 29,
  11: 14,
  12: 9,
  13: 13,
  14: 9,
  15: 13,
  16: 16,
};

interface Row {
  id: string;
  level: string;
  status: string;
  enforced: string;
  test: string;
}

function rowsOf(markdown: string): Row[] {
  return markdown
    .split('\n')
    .filter((line) => /^\| \d+\.\d+\.\d+ \|/.test(line))
    .map((line) => {
      const cells = line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim());
      expect(cells, line).toHaveLength(6);
      const [id = '', level = '', , status = '', enforced = '', test = ''] = cells;
      return { id, level, status, enforced, test };
    });
}

const ROWS = rowsOf(read('docs/ASVS.md'));
const CITED_PATH = /`((?:server|src|tests|scripts|docs)\/[^`\s]*)`(?:\s*\(`(\w+)`)?/g;
const CITED_TEST = /`(tests\/[^`\s]+)`\s*›\s*"([^"]+)"/g;

describe('docs/ASVS.md', () => {
  it('lists every Level 1 and 2 requirement of V1–V16 once, with its level and a status', () => {
    const ids = ROWS.map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    const perChapter: Record<number, number> = {};
    for (const id of ids) {
      const chapter = Number(id.split('.')[0]);
      perChapter[chapter] = (perChapter[chapter] ?? 0) + 1;
    }
    expect(perChapter).toEqual(REQUIREMENTS_PER_CHAPTER);
    for (const row of ROWS) {
      expect(['1', '2'], row.id).toContain(row.level);
      expect(STATUSES, row.id).toContain(row.status);
    }
  });

  it('says why for every row that is not met, partly met or not applicable (in words, or as another row)', () => {
    const ids = new Set(ROWS.map((row) => row.id));
    for (const row of ROWS.filter((r) => r.status !== 'met')) {
      const other = /^as (\d+\.\d+\.\d+)/.exec(row.enforced)?.[1];
      if (other) expect(ids, row.id).toContain(other);
      else expect(row.enforced, row.id).toMatch(/\p{L}{2,}.*\p{L}{2,}/u);
    }
  });

  it('cites files that exist, and functions that occur in them', () => {
    const missing: string[] = [];
    for (const row of ROWS) {
      for (const [, path = '', name] of `${row.enforced} ${row.test}`.matchAll(CITED_PATH)) {
        const full = join(ROOT, path);
        if (!existsSync(full)) missing.push(`${row.id}: ${path}`);
        else if (name && statSync(full).isFile() && !read(path).includes(name)) missing.push(`${row.id}: ${name} in ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('cites tests by a name that occurs in their file', () => {
    const missing: string[] = [];
    let cited = 0;
    for (const row of ROWS) {
      const citations = [...row.test.matchAll(CITED_TEST)];
      cited += citations.length;
      for (const [, path = '', name = ''] of citations) {
        if (!existsSync(join(ROOT, path))) missing.push(`${row.id}: ${path}`);
        else if (!read(path).includes(name)) missing.push(`${row.id}: "${name}" in ${path}`);
      }
      // A test cell is a citation, or "—" (no automated test, said in the row).
      if (citations.length === 0) expect(row.test, row.id).toBe('—');
    }
    expect(missing).toEqual([]);
    expect(cited).toBeGreaterThan(100);
  });

  it('has no TODO left: every row says what enforces it today', () => {
    const todos = read('docs/ASVS.md')
      .split('\n')
      .map((line, index) => `${index + 1}: ${line}`)
      .filter((line) => line.includes('TODO('));
    expect(todos).toEqual([]);
  });

  it('matches the counts docs/SECURITY.md gives', () => {
    const counts = Object.fromEntries(STATUSES.map((status) => [status, ROWS.filter((row) => row.status === status).length])) as Record<
      Status,
      number
    >;
    const security = read('docs/SECURITY.md');
    for (const status of STATUSES) expect(security, status).toContain(`| ${status} | ${counts[status]} |`);
    expect(security).toContain(`| total | ${ROWS.length} |`);
  });
});
