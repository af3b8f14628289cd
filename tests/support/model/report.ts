/**
 * The model report (`reports/model/<machineId>.json`): its shape, how two walks of one machine are
 * merged, and how scripts/statecharts/model-coverage.ts reads it back.
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

/** Where a pair or guard outcome was first walked: the path (its steps are in the report's `paths`) and the step. */
export interface WalkRef {
  path: string;
  step: number;
}

/** Figures of a criterion beyond transitions (pairs, guard outcomes), with the walk of each covered item. */
export interface CriterionFigures extends CoverageFigures {
  walkedBy: Record<string, WalkRef>;
}

/** The path counts of one generation of paths (tests/support/model/paths.ts `PlanSummary`). */
export interface PlanFigures {
  cover: string;
  label: string;
  shortest: number;
  simple: { count: number; bound: number; capped: boolean };
  paths: number;
  steps: number;
}

export interface ModelReport {
  id: string;
  states: CoverageFigures;
  transitions: CoverageFigures;
  /** For each covered transition (by key), the generated path that walked it. */
  walkedBy?: Record<string, WalkedBy>;
  /** Transition pairs (tests/support/model/criteria.ts): into a state, then out of it. */
  pairs?: CriterionFigures;
  /** Guard outcomes: each guarded transition's guard seen true and seen false. */
  guards?: CriterionFigures;
  /** The steps of every path named in `pairs.walkedBy` and `guards.walkedBy`. */
  paths?: Record<string, string[]>;
  /** The path counts of each generation of paths walked. */
  plans?: PlanFigures[];
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

/** The same choice for a reference whose steps live elsewhere (`stepsOf` gives their number). */
export function preferredWalkRef(a: WalkRef, b: WalkRef, stepsOf: (path: string) => number): WalkRef {
  if (a.step !== b.step) return a.step < b.step ? a : b;
  const la = stepsOf(a.path);
  const lb = stepsOf(b.path);
  if (la !== lb) return la < lb ? a : b;
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
  const paths = { ...previous.paths, ...report.paths };
  const stepsOf = (p: string): number => (paths[p] ?? []).length;
  const mergeCriterion = (a: CriterionFigures | undefined, b: CriterionFigures | undefined): CriterionFigures | undefined => {
    if (!a || !b) return a ?? b;
    if (a.total !== b.total) return a;
    const figures = mergeFigures(a, b);
    const walkedBy: Record<string, WalkRef> = { ...a.walkedBy };
    for (const [key, ref] of Object.entries(b.walkedBy)) {
      const mine = walkedBy[key];
      walkedBy[key] = mine ? preferredWalkRef(mine, ref, stepsOf) : ref;
    }
    return { ...figures, walkedBy };
  };
  const pairs = mergeCriterion(report.pairs, previous.pairs);
  const guards = mergeCriterion(report.guards, previous.guards);
  const named = new Set([...Object.values(pairs?.walkedBy ?? {}), ...Object.values(guards?.walkedBy ?? {})].map((r) => r.path));
  const plans = [...(previous.plans ?? [])];
  for (const plan of report.plans ?? []) if (!plans.some((p) => JSON.stringify(p) === JSON.stringify(plan))) plans.push(plan);
  return {
    id: report.id,
    states: mergeFigures(report.states, previous.states),
    transitions: mergeFigures(report.transitions, previous.transitions),
    walkedBy: mergeWalkedBy(report.walkedBy, previous.walkedBy),
    ...(pairs ? { pairs } : {}),
    ...(guards ? { guards } : {}),
    paths: Object.fromEntries([...named].sort().map((p) => [p, paths[p] ?? []] as const)),
    plans,
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

function isWalkRef(v: unknown): v is WalkRef {
  if (typeof v !== 'object' || v === null) return false;
  const w = v as Record<string, unknown>;
  return typeof w.path === 'string' && typeof w.step === 'number';
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
  for (const name of ['pairs', 'guards'] as const) {
    const c = r[name];
    if (c === undefined) continue;
    if (!isFigures(c)) return `malformed report (${name})`;
    const w = (c as unknown as Record<string, unknown>).walkedBy;
    if (typeof w !== 'object' || w === null || !Object.values(w).every(isWalkRef)) return `malformed report (${name})`;
  }
  if (r.paths !== undefined) {
    if (typeof r.paths !== 'object' || r.paths === null) return 'malformed report (paths)';
    if (!Object.values(r.paths).every((steps) => Array.isArray(steps) && steps.every((s) => typeof s === 'string')))
      return 'malformed report (paths)';
  }
  if (r.plans !== undefined && !Array.isArray(r.plans)) return 'malformed report (plans)';
  return data as ModelReport;
}
