// @vitest-environment node
/**
 * The mutation run's bookkeeping (scripts/test/mutation-report.ts, scripts/test/mutation.ts):
 * production code carries no tool comments, every listed equivalent names code that exists, a
 * survivor is judged by the one list, a run of some areas keeps the others' results, and
 * docs/mutation.md is the report of today's sources.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EQUIVALENTS, type Equivalent } from '../mutation/equivalents';
import {
  judge,
  mutatedFiles,
  normalise,
  originalOf,
  tally,
  type MutantResult,
  type MutationReport,
} from '../../scripts/test/mutation-report';
import { reusedOf, survivorRanges, unknownFlags, walkChunks, withoutStaticSurvivors } from '../../scripts/test/mutation';
import { renderPage } from '../../scripts/test/mutation-page';
import {
  areaDigests,
  changedAreas,
  merged,
  readRecord,
  RECORD,
  resultsOf,
  totalOf,
  type MutationRecord,
} from '../../scripts/test/mutation-record';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

const sourcesUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourcesUnder(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });

const mutant = (over: Partial<MutantResult> & Pick<MutantResult, 'location'>): MutantResult => ({
  id: '1',
  mutatorName: 'ConditionalExpression',
  replacement: 'true',
  status: 'Survived',
  ...over,
});

describe('the equivalent mutants, listed once', () => {
  it('production code carries no Stryker comments: an equivalent mutant goes in tests/mutation/equivalents.ts', () => {
    const marked = [...sourcesUnder('src'), ...sourcesUnder('server')].filter((file) => /Stryker (disable|restore)/.test(read(file)));
    expect(marked).toEqual([]);
  });

  it('each entry names a mutated file, code that is in it, and a reason a reviewer can check', () => {
    const mutated = new Set(mutatedFiles());
    const seen = new Set<string>();
    for (const e of EQUIVALENTS) {
      const where = `${e.file} ${e.mutator} ${e.code}`;
      expect(mutated.has(e.file), `${where}: not a file stryker.config.json mutates`).toBe(true);
      expect(normalise(read(e.file)).includes(normalise(e.code)), `${where}: the code is no longer in the file`).toBe(true);
      expect(e.reason.length, `${where}: give the reason`).toBeGreaterThan(20);
      const key = `${where} ${e.replacement ?? '*'}`;
      expect(seen.has(key), `${where}: listed twice`).toBe(false);
      seen.add(key);
    }
  });

  it('the mutated files are those stryker.config.json names: machines and domain without the barrels, and the server’s billing and member rules', () => {
    const files = mutatedFiles();
    expect(files).toContain('src/domain/markdown/inline.ts');
    expect(files).toContain('src/machines/usersList/usersListMachine.ts');
    expect(files.some((f) => /^src\/machines\/[^/]+\/index\.ts$/.test(f))).toBe(false);
    expect(files.filter((f) => !f.startsWith('src/machines/') && !f.startsWith('src/domain/'))).toEqual([
      'server/billing/access.ts',
      'server/billing/dates.ts',
      'server/billing/proration.ts',
      'server/users/admin.ts',
      'server/users/search.ts',
      'server/users/sort.ts',
    ]);
  });
});

describe('judging a run', () => {
  const source = ['const a = (x) => {', "  if (x.type !== 'go') return {};", '  return { n: x.n };', '};'].join('\n');
  const condition = { start: { line: 2, column: 7 }, end: { line: 2, column: 22 } };
  const object = { start: { line: 3, column: 10 }, end: { line: 3, column: 20 } };
  const report: MutationReport = {
    files: {
      'src/domain/a.ts': {
        source,
        mutants: [
          mutant({ id: '1', location: condition, replacement: 'false' }),
          mutant({ id: '2', location: condition, replacement: 'true', status: 'Killed' }),
          mutant({ id: '3', mutatorName: 'ObjectLiteral', replacement: '{}', location: object }),
          mutant({
            id: '4',
            mutatorName: 'StringLiteral',
            replacement: '""',
            location: { start: { line: 2, column: 18 }, end: { line: 2, column: 22 } },
          }),
          mutant({ id: '5', location: condition, replacement: 'false', status: 'CompileError' }),
        ],
      },
    },
  };
  const entry: Equivalent = {
    file: 'src/domain/a.ts',
    mutator: 'ConditionalExpression',
    code: "x.type  !==\n 'go'",
    replacement: 'false',
    reason: 'the action runs on this event only',
  };

  it('reads the code a mutant replaces from its location (lines and columns from 1)', () => {
    expect(originalOf(source, condition)).toBe("x.type !== 'go'");
    expect(originalOf(source, object)).toBe('{ n: x.n }');
  });

  it('a survivor is equivalent only when an entry names its file, mutator, code and replacement', () => {
    const judged = judge(report, null, [entry]);
    expect(judged.map((j) => j.outcome)).toEqual(['equivalent', 'killed', 'survived', 'survived', 'invalid']);
    expect(judge(report, null, [{ ...entry, replacement: 'true' }])[0]?.outcome).toBe('survived');
    expect(judge(report, null, [{ ...entry, replacement: undefined }])[0]?.outcome).toBe('equivalent');
    expect(judge(report, null, [{ ...entry, file: 'src/domain/b.ts' }])[0]?.outcome).toBe('survived');
  });

  it('a survivor the walks kill counts as detected; the score leaves out equivalents and invalid mutants', () => {
    const walks: MutationReport = {
      files: {
        'src/domain/a.ts': {
          source,
          mutants: [mutant({ id: '9', mutatorName: 'ObjectLiteral', replacement: '{}', location: object, status: 'Killed' })],
        },
      },
    };
    const judged = judge(report, walks, [entry]);
    expect(judged.map((j) => j.outcome)).toEqual(['equivalent', 'killed', 'killed by a walk', 'survived', 'invalid']);
    expect(tally(judged)).toEqual({
      mutants: 5,
      killed: 1,
      byWalks: 1,
      equivalent: 1,
      survived: 1,
      invalid: 1,
      ignored: 0,
      score: 66.67,
      strykerScore: 25,
    });
  });

  it('the walks get the lines of the survivors that are neither listed nor static', () => {
    const lines = (from: number, to = from) => ({ start: { line: from, column: 1 }, end: { line: to, column: 2 } });
    const ranges = survivorRanges({
      files: {
        'src/domain/a.ts': {
          source: 'x\n'.repeat(20),
          mutants: [
            mutant({ location: lines(3) }),
            mutant({ location: lines(4, 5) }),
            mutant({ location: lines(9) }),
            mutant({ location: lines(12), static: true }),
            mutant({ location: lines(15), status: 'Killed' }),
          ],
        },
      },
    });
    expect(ranges).toEqual(['src/domain/a.ts:3-5', 'src/domain/a.ts:9-9']);
  });

  it('the walks run one area at a time, the area with the fewest survivors first', () => {
    const ranges = [
      'src/machines/usersList/setup.ts:3-5',
      'src/domain/csv.ts:9-9',
      'src/machines/usersList/selectors.ts:40-41',
      'server/users/sort.ts:7-7',
    ];
    const survivors = new Map([
      ['src/machines/usersList/setup.ts', 2],
      ['src/machines/usersList/selectors.ts', 3],
      ['src/domain/csv.ts', 1],
      ['server/users/sort.ts', 1],
    ]);
    expect(walkChunks(ranges, survivors)).toEqual([
      { area: 'domain', ranges: ['src/domain/csv.ts:9-9'], mutants: 1 },
      { area: 'server/users', ranges: ['server/users/sort.ts:7-7'], mutants: 1 },
      { area: 'usersList', ranges: ['src/machines/usersList/setup.ts:3-5', 'src/machines/usersList/selectors.ts:40-41'], mutants: 5 },
    ]);
  });

  it('an incremental run starts from the last report less its static survivors, so a new test gets to run them', () => {
    const at = (line: number) => ({ start: { line, column: 1 }, end: { line, column: 2 } });
    const base = withoutStaticSurvivors({
      files: {
        'src/domain/a.ts': {
          source: 'x\n'.repeat(10),
          mutants: [
            mutant({ id: '1', location: at(1), static: true }),
            mutant({ id: '2', location: at(2), static: true, status: 'NoCoverage' }),
            mutant({ id: '3', location: at(3), static: true, status: 'Killed' }),
            mutant({ id: '4', location: at(4) }),
          ],
        },
      },
    });
    expect(base.files['src/domain/a.ts']?.mutants.map((m) => m.id)).toEqual(['3', '4']);
  });

  it('an incremental run reads what Stryker reused from its report, colours and all', () => {
    const output =
      'INFO IncrementalDiffer Incremental report:\n\tMutants:\t\u001b[93m3\u001b[39m files changed\n\tResult:\t\t\u001b[93m7021\u001b[39m of 7480 mutant result(s) are reused.\n';
    expect(reusedOf(output)).toEqual({ reused: 7021, mutants: 7480 });
    expect(reusedOf('INFO ProjectReader Found 118 of 900 file(s) to be mutated.')).toBeNull();
  });
});

describe('a run of some areas', () => {
  const run = (startedAt: string, areas: string[] | null) => ({
    startedAt,
    seconds: 60,
    concurrency: 2,
    cores: 2,
    cpu: 'a CPU',
    walks: null,
    areas,
  });
  const source = 'export const a = 1 > 0;\n';
  const location = { start: { line: 1, column: 18 }, end: { line: 1, column: 23 } };
  const report = (status: string): MutationReport => ({
    files: {
      'src/machines/one/m.ts': { source, mutants: [mutant({ id: '1', location, status })] },
      'src/machines/two/m.ts': {
        source,
        mutants: [mutant({ id: '2', location, status }), mutant({ id: '3', location, status: 'Killed' })],
      },
    },
  });
  const sources = new Map([
    ['src/machines/one/m.ts', source],
    ['src/machines/two/m.ts', source],
  ]);
  const digests = areaDigests(sources);
  const whole = merged(
    null,
    run('2026-11-30 14:36 UTC', null),
    resultsOf(judge(report('Killed'), null, []), ['one', 'two'], digests, '2026-11-30 14:36 UTC', []),
    ['one', 'two'],
  );

  it('stamps each area with the digest of its own files, so a change to one area leaves the others’ stamps alone', () => {
    const changed = areaDigests(new Map([...sources, ['src/machines/two/m.ts', 'export const a = 2 > 0;\n']]));
    expect(changed.get('one')).toBe(digests.get('one'));
    expect(changed.get('two')).not.toBe(digests.get('two'));
    expect(changedAreas(whole, changed)).toEqual(['two']);
    expect(changedAreas(whole, digests)).toEqual([]);
    expect(changedAreas(null, digests)).toEqual(['one', 'two']);
  });

  it('replaces the areas it ran, keeps the others’ results and the run they came from, and adds itself', () => {
    const later = run('2026-12-02 02:10 UTC', ['two']);
    const fresh = resultsOf(judge(report('Survived'), null, []), ['two'], digests, later.startedAt, []);
    const after = merged(whole, later, fresh, ['one', 'two']);
    expect(after.areas.one).toEqual(whole.areas.one);
    expect(after.areas.two?.run).toBe('2026-12-02 02:10 UTC');
    expect(after.areas.two?.survivors).toEqual([
      { file: 'src/machines/two/m.ts', line: 1, mutator: 'ConditionalExpression', code: '1 > 0', becomes: 'true' },
    ]);
    expect(after.runs.map((r) => r.startedAt)).toEqual(['2026-11-30 14:36 UTC', '2026-12-02 02:10 UTC']);
    expect(totalOf(after)).toMatchObject({ mutants: 3, killed: 2, survived: 1, score: 66.67 });
    // A run that measures every area again leaves no area to the older one, which then leaves.
    const again = merged(
      after,
      run('2026-12-03 09:00 UTC', null),
      resultsOf(judge(report('Killed'), null, []), ['one', 'two'], digests, '2026-12-03 09:00 UTC', []),
      ['one', 'two'],
    );
    expect(again.runs.map((r) => r.startedAt)).toEqual(['2026-12-03 09:00 UTC']);
    // An area whose files are gone leaves the record.
    expect(Object.keys(merged(after, later, fresh, ['two']).areas)).toEqual(['two']);
  });

  it('writes the page from the record: the run of each area, its survivors, and the runs’ sentences', () => {
    const later = run('2026-12-02 02:10 UTC', ['two']);
    const page = renderPage(
      merged(whole, later, resultsOf(judge(report('Survived'), null, []), ['two'], digests, later.startedAt, []), ['one', 'two']),
      [],
    );
    expect(page).toContain('| one | 1 | 1 | 0 | 0 | 0 | 100% | 2026-11-30 |');
    expect(page).toContain('| two | 2 | 1 | 0 | 0 | 1 | 50% | 2026-12-02 |');
    expect(page).toContain('The whole run started 2026-11-30 14:36 UTC');
    expect(page).toContain('The area **two** was run again on its own');
    expect(page).toContain('| `src/machines/two/m.ts` | 1 | ConditionalExpression | `1 > 0` | `true` |');
  });
});

describe('docs/mutation.md', () => {
  const record = readRecord(RECORD(ROOT)) as MutationRecord;

  it('each area’s result is for today’s sources (after changing them, `npm run test:mutation -- --changed`)', () => {
    const today = areaDigests(new Map(mutatedFiles().map((file) => [file, read(file)])));
    expect(changedAreas(record, today), 'areas whose sources changed since docs/mutation.json measured them').toEqual([]);
    expect(Object.keys(record.areas).sort()).toEqual([...today.keys()].sort());
  });

  it('is the page of docs/mutation.json (`npx tsx scripts/test/mutation-page.ts --from-record` writes it again)', () => {
    expect(read('docs/mutation.md')).toBe(renderPage(record, EQUIVALENTS));
  });
});

describe('the flags of npm run test:mutation', () => {
  it('knows its flags and their values, and names any other before a run of hours starts', () => {
    expect(unknownFlags(['--areas', 'usersList,userBilling', '--no-walks', '--walks-minutes', '40'])).toEqual([]);
    expect(unknownFlags(['--changed', '--incremental', '--report', '--help'])).toEqual([]);
    expect(unknownFlags(['--halp', '--changed', 'usersList'])).toEqual(['--halp', 'usersList']);
  });
});
