/**
 * Judging a mutation run: Stryker's JSON reports read, each mutant judged against the reviewed list
 * of equivalent mutants (tests/mutation/equivalents.ts), counted and scored; the files
 * stryker.config.json mutates, their areas and digests. scripts/test/mutation-record.ts keeps the
 * results area by area; scripts/test/mutation-page.ts writes docs/mutation.md from them.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Equivalent } from '../../tests/mutation/equivalents';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const REPORTS = join(ROOT, 'reports', 'mutation');

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
  /**
   * The areas the run mutated (`--changed`, `--areas`), the others keeping the results of the runs
   * before it (docs/mutation.json); absent or null for a run of every area.
   */
  readonly areas?: readonly string[] | null;
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

/** The counts' scores. */
export function scored(counts: Omit<Tally, 'score' | 'strykerScore'>): Tally {
  const { killed, byWalks, equivalent, survived } = counts;
  const valid = killed + byWalks + equivalent + survived;
  const percent = (part: number, whole: number) => (whole === 0 ? 100 : Math.round((part / whole) * 10_000) / 100);
  return { ...counts, score: percent(killed + byWalks, valid - equivalent), strykerScore: percent(killed, valid) };
}

export function tally(judged: readonly Judged[]): Tally {
  const count = (...outcomes: Outcome[]) => judged.filter((j) => outcomes.includes(j.outcome)).length;
  return scored({
    mutants: judged.length,
    killed: count('killed'),
    byWalks: count('killed by a walk'),
    equivalent: count('equivalent'),
    survived: count('survived', 'no coverage'),
    invalid: count('invalid'),
    ignored: count('ignored'),
  });
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

/** A mutant's area: its machine's folder, src/domain, its server folder, or the file itself. */
export const areaOf = (file: string): string =>
  /^src\/machines\/([^/]+)\//.exec(file)?.[1] ??
  (file.startsWith('src/domain/') ? 'domain' : (/^(server\/[^/]+)\//.exec(file)?.[1] ?? file));
