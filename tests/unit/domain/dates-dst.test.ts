// @vitest-environment node
/**
 * 'Last active' across a daylight saving change (src/domain/dates.ts): from a day on, the units
 * are calendar ones in local time, so a 25-hour day is still one day and a month still starts on
 * the same day of the month. These cases need a time zone that changes its clocks: New York's go
 * back on Sunday, November 1, 2026 (that day lasts 25 hours) and forward on Sunday, March 8, 2026.
 *
 * Node applies a new `process.env.TZ` at once in a process's main thread (then it is put back after
 * the case), but not in a worker thread (Stryker runs Vitest in worker threads by default): there
 * the same cases run in a child Node process started with TZ set, unless the process started in
 * that zone already (the mutation run does).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatRelativeTime } from '../../../src/domain/dates';

const ZONE = 'America/New_York';
const HOUR = 3_600_000;

/** A local wall-clock time: year, month (0-11), day, hours, minutes. */
type Local = [number, number, number, number, number];
/** What is asked: 'length of a day' (ms between the two midnights), or formatRelativeTime(value, now). */
type Question = { kind: 'dayLength'; day: Local } | { kind: 'relative'; value: Local; now: Local };

/** Answers the questions in this process, with TZ set for the time it takes. */
function answerHere(questions: readonly Question[]): (string | number)[] {
  const previous = process.env.TZ;
  process.env.TZ = ZONE;
  try {
    const at = ([y, m, d, h, min]: Local) => new Date(y, m, d, h, min);
    return questions.map((q) =>
      q.kind === 'dayLength'
        ? at([q.day[0], q.day[1], q.day[2] + 1, 0, 0]).getTime() - at([q.day[0], q.day[1], q.day[2], 0, 0]).getTime()
        : formatRelativeTime(at(q.value), at(q.now)),
    );
  } finally {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  }
}

/** Answers the questions in a child Node process whose TZ is the zone (the same module, through tsx). */
function answerInChild(questions: readonly Question[]): (string | number)[] {
  const datesModule = fileURLToPath(new URL('../../../src/domain/dates.ts', import.meta.url));
  const script = `
    const { formatRelativeTime } = await import(${JSON.stringify(datesModule)});
    const at = ([y, m, d, h, min]) => new Date(y, m, d, h, min);
    const questions = JSON.parse(process.argv[1]);
    console.log(JSON.stringify(questions.map((q) => q.kind === 'dayLength'
      ? at([q.day[0], q.day[1], q.day[2] + 1, 0, 0]).getTime() - at([q.day[0], q.day[1], q.day[2], 0, 0]).getTime()
      : formatRelativeTime(at(q.value), at(q.now)))));`;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, JSON.stringify(questions)], {
    env: { ...process.env, TZ: ZONE },
    encoding: 'utf8',
  });
  return JSON.parse(output) as (string | number)[];
}

const relative = (value: Local, now: Local): Question => ({ kind: 'relative', value, now });

/** Every case of this file, answered at once (one child process at most). */
const CASES = {
  novemberFirstLength: { kind: 'dayLength', day: [2026, 10, 1, 0, 0] },
  marchEighthLength: { kind: 'dayLength', day: [2026, 2, 8, 0, 0] },
  dayStartFromDayEnd: relative([2026, 10, 1, 0, 30], [2026, 10, 1, 23, 30]),
  dayEndFromDayStart: relative([2026, 10, 1, 23, 30], [2026, 10, 1, 0, 30]),
  acrossSpringNight: relative([2026, 2, 8, 0, 30], [2026, 2, 9, 0, 30]),
  twoDaysAcrossSpring: relative([2026, 2, 7, 0, 30], [2026, 2, 9, 0, 30]),
  monthToTheMinute: relative([2026, 9, 15, 9, 0], [2026, 10, 15, 9, 0]),
  monthShortByAMinute: relative([2026, 9, 15, 9, 1], [2026, 10, 15, 9, 0]),
} satisfies Record<string, Question>;
type CaseName = keyof typeof CASES;

let answers: Record<CaseName, string | number>;

beforeAll(() => {
  const names = Object.keys(CASES) as CaseName[];
  const questions = names.map((name) => CASES[name]);
  // In a worker thread the zone can only be the one the process started in: the mutation run
  // starts in New York's (the `mutation` project of vitest.config.ts), so Stryker sees these cases fail.
  const values = isMainThread || process.env.TZ === ZONE ? answerHere(questions) : answerInChild(questions);
  answers = Object.fromEntries(names.map((name, i) => [name, values[i] ?? 'missing'])) as Record<CaseName, string | number>;
});

describe('formatRelativeTime across a daylight saving change (America/New_York)', () => {
  it('runs in a time zone whose November 1, 2026 lasts 25 hours and March 8, 2026 23', () => {
    expect(answers.novemberFirstLength).toBe(25 * HOUR);
    expect(answers.marchEighthLength).toBe(23 * HOUR);
  });

  it("says 'yesterday', not 'today', for 24 hours ago within the day the clocks went back", () => {
    expect(answers.dayStartFromDayEnd).toBe('yesterday');
    expect(answers.dayEndFromDayStart).toBe('tomorrow');
  });

  it('counts under 24 hours in hours, across the night the clocks went forward too', () => {
    expect(answers.acrossSpringNight).toBe('23 hours ago');
    expect(answers.twoDaysAcrossSpring).toBe('2 days ago');
  });

  it('counts a month from the same day and wall-clock time, whatever the clocks did in between', () => {
    expect(answers.monthToTheMinute).toBe('last month');
    expect(answers.monthShortByAMinute).toBe('31 days ago');
  });
});
