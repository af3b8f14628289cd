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
}

export function walkPaths(options: WalkPathsOptions): CoverageRecorder {
  if (options.machine.id !== options.machineId) {
    throw new Error(`walkPaths: machineId "${options.machineId}" differs from the machine's id "${options.machine.id}"`);
  }
  const recorder = createCoverageRecorder(options.machineId, options.machine);
  recorder.addPlans(options.paths.flatMap((p) => (p.plan ? [p.plan] : [])));
  describe(`model: ${options.machineId}`, () => {
    it('has paths to walk', () => {
      if (options.paths.length === 0) throw new Error('no paths generated');
    });
    for (const path of options.paths) {
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
