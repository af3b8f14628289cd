/** Vitest binding: one test per generated path, then the machine's coverage report. */
import { afterAll, describe, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { createCoverageRecorder, runModelPath, writeModelReport } from './walk';
import type { CoverageRecorder, Driver, ModelReport, RunOptions, WalkContext } from './walk';
import type { ModelPath } from './paths';

export interface WalkPathsOptions extends RunOptions {
  /** Report id (`reports/model/<machineId>.json`); must equal the machine's `id`. */
  machineId: string;
  /** The machine definition (the denominator of coverage). */
  machine: AnyStateMachine;
  paths: ModelPath[];
  setup: (ctx: WalkContext) => Promise<Driver> | Driver;
  /** Where to write the report (default `reports/model`). */
  reportDir?: string;
  /** Called with the report as written (merged with earlier walks of the same machine in this run). */
  onReport?: (report: ModelReport) => void;
  /**
   * Walk only part `part` (from 0) of `of` parts of the paths, so that one machine's long walk can
   * be spread over several files, which the run's workers take at the same time. The parts are
   * dealt by steps (`shardPaths`), the same on every machine; each file reports every path's plan,
   * and the reports of the parts are merged as any two walks of one machine are. No part alone
   * covers the machine: the coverage check after the run (scripts/statecharts/model-coverage.ts)
   * holds the union to 100%.
   */
  shard?: { part: number; of: number };
}

/**
 * Deals paths into `of` parts of about the same number of steps: the longest path first, each to
 * the part with the fewest steps so far (the lowest-numbered on a tie). Each part keeps the paths'
 * order. Depends only on the paths, never on timings.
 */
export function shardPaths<P extends { steps: readonly unknown[] }>(paths: readonly P[], of: number): P[][] {
  if (!Number.isInteger(of) || of < 1) throw new Error(`shardPaths: ${of} parts`);
  const load = Array.from({ length: of }, () => 0);
  const partOf = new Map<number, number>();
  const byLength = paths.map((p, i) => i).sort((a, b) => (paths[b]?.steps.length ?? 0) - (paths[a]?.steps.length ?? 0) || a - b);
  for (const i of byLength) {
    const part = load.indexOf(Math.min(...load));
    partOf.set(i, part);
    load[part] = (load[part] ?? 0) + Math.max(1, paths[i]?.steps.length ?? 0);
  }
  return Array.from({ length: of }, (_, part) => paths.filter((_, i) => partOf.get(i) === part));
}

export function walkPaths(options: WalkPathsOptions): CoverageRecorder {
  if (options.machine.id !== options.machineId) {
    throw new Error(`walkPaths: machineId "${options.machineId}" differs from the machine's id "${options.machine.id}"`);
  }
  const recorder = createCoverageRecorder(options.machineId, options.machine);
  recorder.addPlans(options.paths.flatMap((p) => (p.plan ? [p.plan] : [])));
  const { shard } = options;
  if (shard && !(Number.isInteger(shard.part) && shard.part >= 0 && shard.part < shard.of)) {
    throw new Error(`walkPaths: part ${shard.part} of ${shard.of}`);
  }
  const mine = shard ? (shardPaths(options.paths, shard.of)[shard.part] ?? []) : options.paths;
  describe(`model: ${options.machineId}${shard ? ` (part ${shard.part + 1} of ${shard.of})` : ''}`, () => {
    it('has paths to walk', () => {
      if (mine.length === 0) throw new Error('no paths generated');
    });
    for (const path of mine) {
      // A covering walk can be long: its time allowance grows with its steps (on a busy machine a
      // step of a real screen can take seconds); the default stays the floor.
      it(
        path.description,
        async () => {
          await runModelPath(path, options.setup, recorder, options);
        },
        Math.max(60_000, 15_000 + path.steps.length * 3_000),
      );
    }
    afterAll(() => {
      const report = writeModelReport(recorder.report(), options.reportDir);
      options.onReport?.(report);
    });
  });
  return recorder;
}
