/**
 * docs/mutation.json: what the mutation runs found, area by area, and the sources each area's result
 * is for. docs/mutation.md is written from it.
 *
 * An area is a machine's folder, src/domain, or a server folder (`areaOf`). A mutant of an area lives
 * in the area's files, so its result depends on those files and the tests, not on any other area's
 * sources. That is what lets a change to one machine be measured by running that area's mutants
 * again (`npm run test:mutation -- --changed`, minutes) instead of all 7,000 (hours): the other areas
 * keep the results of the run that measured them, each still stamped with the digest of the sources
 * it was for. tests/unit/mutation-report.test.ts fails when an area's sources differ from its stamp.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Equivalent } from '../../tests/mutation/equivalents';
import { areaOf, digestOf, normalise, scored, tally, type Judged, type RunRecord, type Tally } from './mutation-report';

/** One line of a table of mutants on the page, as the page shows it. */
export interface MutantRow {
  readonly file: string;
  readonly line: number;
  readonly mutator: string;
  readonly code: string;
  readonly becomes: string;
}

/** What the run that last measured an area found in it. */
export interface AreaResult {
  /** The digest of the area's sources the run mutated (`digestOf`). */
  readonly digest: string;
  /** When that run started (its RunRecord's startedAt). */
  readonly run: string;
  readonly tally: Omit<Tally, 'score' | 'strykerScore'>;
  readonly survivors: readonly MutantRow[];
  readonly byWalks: readonly MutantRow[];
  /** How many of the area's mutants each listed equivalent named, by `equivalentKey`. */
  readonly equivalents: Readonly<Record<string, number>>;
}

export interface MutationRecord {
  /** The runs some area's result comes from, oldest first. */
  readonly runs: readonly RunRecord[];
  readonly areas: Readonly<Record<string, AreaResult>>;
}

export const equivalentKey = (e: Equivalent): string => `${e.file}|${e.mutator}|${normalise(e.code)}|${e.replacement ?? '*'}`;

/** The mutated files, by area. */
export function filesByArea(files: readonly string[]): Map<string, string[]> {
  const areas = new Map<string, string[]>();
  for (const file of files) areas.set(areaOf(file), [...(areas.get(areaOf(file)) ?? []), file]);
  return areas;
}

/** Each area's digest, from the files' contents. */
export function areaDigests(sources: ReadonlyMap<string, string>): Map<string, string> {
  return new Map(
    [...filesByArea([...sources.keys()])].map(([area, files]) => [area, digestOf(new Map(files.map((f) => [f, sources.get(f) ?? ''])))]),
  );
}

/** The areas whose sources differ from the record's stamps, and the areas the record has not measured. */
export function changedAreas(record: MutationRecord | null, digests: ReadonlyMap<string, string>): string[] {
  return [...digests].filter(([area, digest]) => record?.areas[area]?.digest !== digest).map(([area]) => area);
}

/** The page's way of showing a stretch of code: on one line, at most 90 characters, safe in a table cell. */
export const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('`', 'ˋ');
export const shown = (text: string): string => `${cell(normalise(text).slice(0, 90))}${normalise(text).length > 90 ? '…' : ''}`;

const rowOf = (j: Judged): MutantRow => ({
  file: j.file,
  line: j.mutant.location.start.line,
  mutator: j.mutant.mutatorName,
  code: shown(j.original),
  becomes: shown(j.mutant.replacement ?? ''),
});

/** The results of one run, for the given areas (each of them, whether or not it had a mutant). */
export function resultsOf(
  judged: readonly Judged[],
  areas: readonly string[],
  digests: ReadonlyMap<string, string>,
  run: string,
  equivalents: readonly Equivalent[],
): Record<string, AreaResult> {
  return Object.fromEntries(
    areas.map((area) => {
      const mine = judged.filter((j) => areaOf(j.file) === area);
      const { score: _score, strykerScore: _strykerScore, ...counts } = tally(mine);
      const named = equivalents
        .map((e) => [equivalentKey(e), mine.filter((j) => j.equivalent === e).length] as const)
        .filter(([, n]) => n > 0);
      const result: AreaResult = {
        digest: digests.get(area) ?? '',
        run,
        tally: counts,
        survivors: mine.filter((j) => j.outcome === 'survived' || j.outcome === 'no coverage').map(rowOf),
        byWalks: mine.filter((j) => j.outcome === 'killed by a walk').map(rowOf),
        equivalents: Object.fromEntries(named),
      };
      return [area, result];
    }),
  );
}

/**
 * The record after a run: the areas it measured take its results; the others keep theirs; areas
 * whose files are gone leave; runs no area comes from any more leave too.
 */
export function merged(
  previous: MutationRecord | null,
  run: RunRecord,
  fresh: Record<string, AreaResult>,
  today: readonly string[],
): MutationRecord {
  const areas = Object.fromEntries(
    today.flatMap((area) => {
      const result = fresh[area] ?? previous?.areas[area];
      return result ? [[area, result] as const] : [];
    }),
  );
  const used = new Set(Object.values(areas).map((a) => a.run));
  const runs = [...(previous?.runs ?? []).filter((r) => r.startedAt !== run.startedAt), run].filter((r) => used.has(r.startedAt));
  return { runs, areas };
}

/** The whole record's counts and scores, from its areas'. */
export function totalOf(record: MutationRecord): Tally {
  const sum = (key: keyof AreaResult['tally']) => Object.values(record.areas).reduce((n, a) => n + a.tally[key], 0);
  return scored({
    mutants: sum('mutants'),
    killed: sum('killed'),
    byWalks: sum('byWalks'),
    equivalent: sum('equivalent'),
    survived: sum('survived'),
    invalid: sum('invalid'),
    ignored: sum('ignored'),
  });
}

export function readRecord(path: string): MutationRecord | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as MutationRecord;
  } catch {
    return null;
  }
}

export const RECORD = (root: string): string => join(root, 'docs', 'mutation.json');
