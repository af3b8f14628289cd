/**
 * docs/mutation.md, generated from the last whole mutation run (`npm run test:mutation`).
 *
 * Reads Stryker's JSON reports (reports/mutation/mutation.json: every mutant against the fast
 * tests; reports/mutation/walks.json, when the run had one: what was left, against the model walks
 * too), the run's timings (reports/mutation/run.json) and the reviewed list of equivalent mutants
 * (tests/mutation/equivalents.ts), and writes the page: the score, the number of mutants, the time,
 * every survivor left and every equivalent mutant with its reason. The page records a digest of the
 * sources the run mutated; tests/unit/mutation-report.test.ts fails when today's sources differ, so
 * the committed score is always the score of the code beside it.
 *
 *   npx tsx scripts/test/mutation-report.ts   # rewrite docs/mutation.md from reports/mutation/
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EQUIVALENTS, type Equivalent } from '../../tests/mutation/equivalents';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const REPORTS = join(ROOT, 'reports', 'mutation');
const DOC = join(ROOT, 'docs', 'mutation.md');

// ── Stryker's JSON report (the mutation-testing-elements schema; lines and columns from 1) ─────────

interface Position {
  readonly line: number;
  readonly column: number;
}
export interface MutantResult {
  readonly id: string;
  readonly mutatorName: string;
  readonly replacement?: string;
  readonly location: { readonly start: Position; readonly end: Position };
  readonly status: string;
  readonly static?: boolean;
}
export interface MutationReport {
  readonly files: Record<string, { readonly source: string; readonly mutants: readonly MutantResult[] }>;
}
/** What scripts/test/mutation.ts records about the run it made. */
export interface RunRecord {
  readonly startedAt: string;
  readonly seconds: number;
  readonly concurrency: number;
  readonly cores: number;
  readonly cpu: string;
  readonly walks: {
    readonly seconds: number;
    readonly mutants: number;
    /** The areas whose survivors the walks did not run, for time (`--walks-minutes`) or a failure. */
    readonly notRun?: readonly { readonly area: string; readonly mutants: number }[];
  } | null;
  /**
   * Set when the first pass was incremental (`--incremental`): Stryker reused the result of every
   * mutant whose code and covering tests are the same as in the whole run it started from, and ran
   * the rest. Absent or null for a whole run.
   */
  readonly incremental?: {
    /** When the whole run the reused results go back to started, and how long it took. */
    readonly base: string;
    readonly baseSeconds?: number;
    readonly reused: number;
    readonly mutants: number;
  } | null;
}

export const normalise = (code: string): string => code.replace(/\s+/g, ' ').trim();

/** The code a mutant replaces: the text of its location in the file. */
export function originalOf(source: string, { start, end }: MutantResult['location']): string {
  const lineStarts = [0];
  for (let i = 0; i < source.length; i += 1) if (source[i] === '\n') lineStarts.push(i + 1);
  const offset = (p: Position) => (lineStarts[p.line - 1] ?? source.length) + p.column - 1;
  return source.slice(offset(start), offset(end));
}

export function matches(entry: Equivalent, file: string, mutant: MutantResult, original: string): boolean {
  return (
    entry.file === file &&
    entry.mutator === mutant.mutatorName &&
    normalise(entry.code) === normalise(original) &&
    (entry.replacement === undefined || normalise(entry.replacement) === normalise(mutant.replacement ?? ''))
  );
}

// ── What became of each mutant ─────────────────────────────────────────────────────────────────────

export type Outcome = 'killed' | 'killed by a walk' | 'equivalent' | 'survived' | 'no coverage' | 'invalid' | 'ignored';

export interface Judged {
  readonly file: string;
  readonly mutant: MutantResult;
  readonly original: string;
  readonly outcome: Outcome;
  readonly equivalent?: Equivalent;
}

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);
const INVALID = new Set(['CompileError', 'RuntimeError']);

const keyOf = (file: string, m: MutantResult) =>
  `${file}|${m.mutatorName}|${m.location.start.line}:${m.location.start.column}-${m.location.end.line}:${m.location.end.column}|${m.replacement ?? ''}`;

/** Each mutant of the run, judged: detected by the fast tests or by the walks, equivalent, or a survivor. */
export function judge(report: MutationReport, walks: MutationReport | null, equivalents: readonly Equivalent[]): Judged[] {
  const walked = new Map<string, string>();
  for (const [file, { mutants }] of Object.entries(walks?.files ?? {})) for (const m of mutants) walked.set(keyOf(file, m), m.status);
  return Object.entries(report.files)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([file, { source, mutants }]) =>
      mutants.map((mutant): Judged => {
        const original = originalOf(source, mutant.location);
        const base = { file, mutant, original };
        if (DETECTED.has(mutant.status)) return { ...base, outcome: 'killed' };
        if (INVALID.has(mutant.status)) return { ...base, outcome: 'invalid' };
        if (!UNDETECTED.has(mutant.status)) return { ...base, outcome: 'ignored' };
        const equivalent = equivalents.find((entry) => matches(entry, file, mutant, original));
        if (equivalent) return { ...base, outcome: 'equivalent', equivalent };
        if (DETECTED.has(walked.get(keyOf(file, mutant)) ?? '')) return { ...base, outcome: 'killed by a walk' };
        return { ...base, outcome: mutant.status === 'NoCoverage' ? 'no coverage' : 'survived' };
      }),
    );
}

export interface Tally {
  readonly mutants: number;
  readonly killed: number;
  readonly byWalks: number;
  readonly equivalent: number;
  readonly survived: number;
  readonly invalid: number;
  /** Excluded by a Stryker comment in the source (there should be none: tests/mutation/equivalents.ts instead). */
  readonly ignored: number;
  /** Detected over every valid mutant that is not a listed equivalent, in percent. */
  readonly score: number;
  /** Stryker's own score of the fast tests alone: detected over every valid mutant. */
  readonly strykerScore: number;
}

export function tally(judged: readonly Judged[]): Tally {
  const count = (...outcomes: Outcome[]) => judged.filter((j) => outcomes.includes(j.outcome)).length;
  const killed = count('killed');
  const byWalks = count('killed by a walk');
  const equivalent = count('equivalent');
  const survived = count('survived', 'no coverage');
  const valid = killed + byWalks + equivalent + survived;
  const percent = (part: number, whole: number) => (whole === 0 ? 100 : Math.round((part / whole) * 10_000) / 100);
  return {
    mutants: judged.length,
    killed,
    byWalks,
    equivalent,
    survived,
    invalid: count('invalid'),
    ignored: count('ignored'),
    score: percent(killed + byWalks, valid - equivalent),
    strykerScore: percent(killed, valid),
  };
}

// ── The sources a run is for ───────────────────────────────────────────────────────────────────────

/** The files stryker.config.json mutates, today (its `mutate` globs: `dir/**\/*.ts`, `!dir/*\/name.ts`, `dir/name.ts`). */
export function mutatedFiles(root = ROOT): string[] {
  const config = JSON.parse(readFileSync(join(root, 'stryker.config.json'), 'utf8')) as { mutate: string[] };
  // `**/` is any number of folders, `*` any name within one; everything else stands for itself.
  const toRegExp = (glob: string) =>
    new RegExp(
      `^${glob
        .split('**/')
        .map((part) => part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
        .join('(?:.*/)?')}$`,
    );
  const include = config.mutate.filter((g) => !g.startsWith('!')).map(toRegExp);
  const exclude = config.mutate.filter((g) => g.startsWith('!')).map((g) => toRegExp(g.slice(1)));
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [relative(root, join(dir, entry.name)).replaceAll('\\', '/')],
    );
  return [...walk(join(root, 'src')), ...walk(join(root, 'server'))]
    .filter((file) => include.some((r) => r.test(file)) && !exclude.some((r) => r.test(file)))
    .sort();
}

/** One digest of the files' names and contents. */
export function digestOf(files: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256');
  for (const name of [...files.keys()].sort())
    hash.update(
      `${name}\n${createHash('sha256')
        .update(files.get(name) ?? '')
        .digest('hex')}\n`,
    );
  return hash.digest('hex').slice(0, 16);
}

export const DIGEST_MARK = /<!-- mutated sources: ([0-9a-f]{16}) -->/;

// ── The page ───────────────────────────────────────────────────────────────────────────────────────

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('`', 'ˋ');
const code = (text: string) => `\`${cell(normalise(text).slice(0, 90))}${normalise(text).length > 90 ? '…' : ''}\``;
export const areaOf = (file: string): string =>
  /^src\/machines\/([^/]+)\//.exec(file)?.[1] ??
  (file.startsWith('src/domain/') ? 'domain' : (/^(server\/[^/]+)\//.exec(file)?.[1] ?? file));
const minutes = (seconds: number) => `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;

function tableByArea(judged: readonly Judged[]): string[] {
  const areas = [...new Set(judged.map((j) => areaOf(j.file)))].sort();
  return [
    '| area | mutants | killed | killed by a walk | equivalent | survived | score |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...areas.map((area) => {
      const t = tally(judged.filter((j) => areaOf(j.file) === area));
      return `| ${area} | ${t.mutants} | ${t.killed} | ${t.byWalks} | ${t.equivalent} | ${t.survived} | ${t.score}% |`;
    }),
  ];
}

export function renderPage(judged: readonly Judged[], run: RunRecord | null, digest: string, equivalents: readonly Equivalent[]): string {
  const t = tally(judged);
  const survivors = judged.filter((j) => j.outcome === 'survived' || j.outcome === 'no coverage');
  const unused = equivalents.filter((e) => !judged.some((j) => j.equivalent === e));
  const killedByWalks = judged.filter((j) => j.outcome === 'killed by a walk');
  return [
    '# Mutation testing: the last whole run',
    '',
    '<!-- generated by scripts/test/mutation-report.ts from the run of `npm run test:mutation`: do not edit -->',
    `<!-- mutated sources: ${digest} -->`,
    '',
    '`npm run test:mutation` (scripts/test/mutation.ts) mutates every file `stryker.config.json` names',
    '(src/machines, src/domain, and the server’s billing and member rules) and runs the fast tests',
    'against each mutant (the `mutation` project of vitest.config.ts: the named scenarios, the',
    'machines’ implementations and intents, the module-load and statechart-page tests, the domain',
    'tests, and tests/server/*-rules.test.ts). Then it takes each mutant they left alive, except the',
    'listed equivalents, and runs it again with the model walks too (the `walks` project: every',
    'machine walked through its real screens). This page is written from that run; a unit test',
    '(tests/unit/mutation-report.test.ts) fails when the sources it mutated have changed since, so',
    'the score here is the score of the code beside it. docs/TESTING.md says how to run it.',
    '',
    '## The score',
    '',
    `**${t.score}%** of the mutants that are not listed equivalents were detected (goal: 90%).`,
    `Stryker's own score for the fast tests alone, counting every valid mutant: ${t.strykerScore}%.`,
    '',
    '| mutants | count |',
    '| --- | ---: |',
    `| killed by the fast tests (timeouts included) | ${t.killed} |`,
    `| killed by the model walks | ${t.byWalks} |`,
    `| equivalent (tests/mutation/equivalents.ts) | ${t.equivalent} |`,
    `| survived (or not covered) | ${t.survived} |`,
    `| invalid (the mutant does not compile or load) | ${t.invalid} |`,
    `| ignored (a Stryker comment in the source) | ${t.ignored} |`,
    `| **total** | ${t.mutants} |`,
    '',
    run
      ? `The run started ${run.startedAt} and took **${minutes(run.seconds)}** with ${run.concurrency} Stryker workers on ${run.cores} cores (${run.cpu})` +
        (run.walks
          ? `, of which ${minutes(run.walks.seconds)} for the ${run.walks.mutants} mutants run again with the walks.` +
            (run.walks.notRun && run.walks.notRun.length > 0
              ? ` The walks did not reach the survivors of ${run.walks.notRun.map((n) => `${n.area} (${n.mutants})`).join(', ')}: they were not run again, and count as survived.`
              : '')
          : '; the walks pass did not run.')
      : 'The run was not timed.',
    ...(run?.incremental
      ? [
          '',
          `The first pass was incremental (\`npm run test:mutation -- --incremental\`), on top of the whole run of ${run.incremental.base}` +
            (run.incremental.baseSeconds === undefined ? '' : ` (${minutes(run.incremental.baseSeconds)})`) +
            ': ' +
            `Stryker reused the results of ${run.incremental.reused} of the ${run.incremental.mutants} mutants, each one whose code and covering tests ` +
            'are unchanged since (a killed mutant keeps its result only while the test that killed it is unchanged; a survivor is run again ' +
            'when a test that covers it is new), and ran the others.',
        ]
      : []),
    '',
    '## By area',
    '',
    ...tableByArea(judged),
    '',
    '## Every survivor left',
    '',
    survivors.length === 0
      ? 'None.'
      : [
          'Each is a change no test notices. Each one is a test to write or, after review, an entry in',
          'tests/mutation/equivalents.ts with its reason.',
          '',
          '| file | line | mutator | code | becomes |',
          '| --- | ---: | --- | --- | --- |',
          ...survivors.map(
            (j) =>
              `| \`${j.file}\` | ${j.mutant.location.start.line} | ${j.mutant.mutatorName} | ${code(j.original)} | ${code(j.mutant.replacement ?? '')} |`,
          ),
        ].join('\n'),
    '',
    '## Killed only by the model walks',
    '',
    killedByWalks.length === 0
      ? 'None.'
      : [
          '| file | line | mutator | code | becomes |',
          '| --- | ---: | --- | --- | --- |',
          ...killedByWalks.map(
            (j) =>
              `| \`${j.file}\` | ${j.mutant.location.start.line} | ${j.mutant.mutatorName} | ${code(j.original)} | ${code(j.mutant.replacement ?? '')} |`,
          ),
        ].join('\n'),
    '',
    '## Equivalent mutants, and why',
    '',
    'From tests/mutation/equivalents.ts, the one reviewed list; production code carries no tool comments.',
    '',
    '| file | mutator | code | becomes | mutants | why no test can tell |',
    '| --- | --- | --- | --- | ---: | --- |',
    ...equivalents.map(
      (e) =>
        `| \`${e.file}\` | ${e.mutator} | ${code(e.code)} | ${e.replacement === undefined ? 'any' : code(e.replacement)} | ${judged.filter((j) => j.equivalent === e).length} | ${cell(e.reason)} |`,
    ),
    '',
    unused.length === 0
      ? 'Every entry named at least one surviving mutant of this run.'
      : `${unused.length} entries named no surviving mutant of this run (a test kills it now, or the code moved): ${unused
          .map((e) => `${e.file} ${e.mutator} ${code(e.code)}`)
          .join('; ')}.`,
    '',
  ].join('\n');
}

function readJson<T>(path: string): T | null {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : null;
}

function main(): void {
  const report = readJson<MutationReport>(join(REPORTS, 'mutation.json'));
  if (!report) throw new Error('no reports/mutation/mutation.json: run `npm run test:mutation` first');
  const walks = readJson<MutationReport>(join(REPORTS, 'walks.json'));
  const run = readJson<RunRecord>(join(REPORTS, 'run.json'));
  // The page is for the sources on disk, which must be those the run mutated.
  const sources = new Map(mutatedFiles().map((file) => [file, readFileSync(join(ROOT, file), 'utf8')]));
  for (const [file, { source }] of Object.entries(report.files)) {
    if (sources.get(file) !== source) throw new Error(`${file} has changed since the run: run \`npm run test:mutation\` again`);
  }
  const judged = judge(report, walks, EQUIVALENTS);
  writeFileSync(DOC, renderPage(judged, run, digestOf(sources), EQUIVALENTS));
  const t = tally(judged);
  console.log(`docs/mutation.md: ${t.score}% of ${t.mutants} mutants (${t.survived} survived, ${t.equivalent} equivalent)`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
