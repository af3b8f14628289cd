/**
 * The model report (`reports/model/<machineId>.json`): its shape, how two walks of one machine are
 * merged, and how scripts/model-coverage.ts reads it back.
 */

export interface CoverageFigures {
  covered: number;
  total: number;
  missing: string[];
}

/** The generated path that walked a transition (or visited a state) soonest. */
export interface WalkedBy {
  /** The path's description: the test name of the walk. */
  path: string;
  /** 1-based index in `steps` of the step that took it; 0 while the walk started (initial state). */
  step: number;
  /** The path's steps, `from --event--> to` (state values as `a.b`, `xstate.` left off events). */
  steps: string[];
}

export interface ModelReport {
  id: string;
  states: CoverageFigures;
  transitions: CoverageFigures;
  /** For each covered transition (by key), the generated path that walked it. */
  walkedBy?: Record<string, WalkedBy>;
}

/**
 * Which of two paths names a transition: the one that takes it at the earliest step, then the
 * shorter path, then the first by name. Independent of the order walks finish in, so a report merged
 * from parallel walks is the same from run to run.
 */
export function preferredWalk(a: WalkedBy, b: WalkedBy): WalkedBy {
  if (a.step !== b.step) return a.step < b.step ? a : b;
  if (a.steps.length !== b.steps.length) return a.steps.length < b.steps.length ? a : b;
  return a.path.localeCompare(b.path) <= 0 ? a : b;
}

function mergeWalkedBy(a: Record<string, WalkedBy> = {}, b: Record<string, WalkedBy> = {}): Record<string, WalkedBy> {
  const out: Record<string, WalkedBy> = { ...a };
  for (const [key, walk] of Object.entries(b)) {
    const mine = out[key];
    out[key] = mine ? preferredWalk(mine, walk) : walk;
  }
  return out;
}

/**
 * The union of two reports of one machine (walked by several files, for example through two views):
 * what either missed and the other took is covered. Reports of different totals (one of them from
 * an older machine) are not merged: the newer one wins.
 */
export function mergeModelReports(report: ModelReport, previous: ModelReport): ModelReport {
  if (previous.states.total !== report.states.total || previous.transitions.total !== report.transitions.total) return report;
  const mergeFigures = (a: CoverageFigures, b: CoverageFigures): CoverageFigures => {
    const missing = a.missing.filter((m) => b.missing.includes(m));
    return { covered: a.total - missing.length, total: a.total, missing };
  };
  return {
    id: report.id,
    states: mergeFigures(report.states, previous.states),
    transitions: mergeFigures(report.transitions, previous.transitions),
    walkedBy: mergeWalkedBy(report.walkedBy, previous.walkedBy),
  };
}

function isFigures(v: unknown): v is CoverageFigures {
  if (typeof v !== 'object' || v === null) return false;
  const f = v as Record<string, unknown>;
  return (
    typeof f.covered === 'number' &&
    typeof f.total === 'number' &&
    Array.isArray(f.missing) &&
    f.missing.every((m) => typeof m === 'string')
  );
}

function isWalkedBy(v: unknown): v is WalkedBy {
  if (typeof v !== 'object' || v === null) return false;
  const w = v as Record<string, unknown>;
  return typeof w.path === 'string' && typeof w.step === 'number' && Array.isArray(w.steps) && w.steps.every((s) => typeof s === 'string');
}

/** A parsed report, or why it is not one. */
export function parseModelReport(text: string): ModelReport | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return `unreadable report: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (typeof data !== 'object' || data === null) return 'malformed report';
  const r = data as Record<string, unknown>;
  if (typeof r.id !== 'string' || !isFigures(r.states) || !isFigures(r.transitions)) return 'malformed report';
  if (r.walkedBy !== undefined) {
    if (typeof r.walkedBy !== 'object' || r.walkedBy === null || !Object.values(r.walkedBy).every(isWalkedBy)) return 'malformed report';
  }
  return data as ModelReport;
}
