/**
 * Blocking time read from a Lighthouse trace twice: by the clock, as Lighthouse does, and by the
 * main thread's own CPU time.
 *
 * Lighthouse's mobile preset records the page at full speed and counts each main-thread task's
 * wall-clock duration, times the CPU slowdown (4), less 50 ms. On a machine with two cores, much of
 * that duration is the renderer's main thread waiting for a core while the GPU process and the
 * browser process run (docs/PERFORMANCE.md). The trace also gives each task's thread CPU time
 * (`tdur`): the same sum over it tells what the page itself costs, apart from the machine's
 * contention. Both go in the bench report beside Lighthouse's own TBT, so a reader can tell a slower
 * page from a busier machine.
 *
 * Thread CPU time is not free of the machine either: a busy sibling core slows the same work (one
 * task took 12.6 ms of CPU in one run and 23 ms in another). The rendering work itself, counted in
 * elements styled and layout objects laid out (`renderingWork`), does not depend on the machine at
 * all: it changes only when the page does.
 */

/** The fields of a Chrome trace event this reads. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; elementCount?: number; beginData?: { dirtyObjects?: number } };
}

export interface BlockingTimes {
  /** Σ max(0, slowdown × duration − 50 ms) over the main thread's tasks, by the clock. */
  clockMs: number;
  /** The same sum over each task's thread CPU time (NaN when the trace has no thread times). */
  cpuMs: number;
}

/** A task of 50 ms or less blocks nothing (the definition of a long task). */
const LONG_TASK_MS = 50;
/** The scheduler's top-level task events: what Lighthouse counts as a main-thread task. */
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

const threadKey = (e: Pick<TraceEvent, 'pid' | 'tid'>) => `${e.pid}:${e.tid}`;

/**
 * The renderer main thread the page ran on: of the threads named CrRendererMain, the one with the
 * most task time (an audit's trace also holds the renderers of other tabs and of the blank page).
 */
function pageMainThread(events: readonly TraceEvent[]): string | undefined {
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => threadKey(e)));
  const busy = new Map<string, number>();
  for (const e of events) {
    if (e.ph !== 'X' || !TASK_NAMES.has(e.name) || !mains.has(threadKey(e))) continue;
    busy.set(threadKey(e), (busy.get(threadKey(e)) ?? 0) + (e.dur ?? 0));
  }
  let best: string | undefined;
  for (const [key, total] of busy) if (best === undefined || total > (busy.get(best) ?? 0)) best = key;
  return best;
}

/**
 * Blocking time of the page's main thread from `fromTs` (the trace's first contentful paint, in
 * trace microseconds) to the end of the trace, with tasks slowed `slowdown` times. Nested task events
 * count once, as their outermost task.
 */
export function blockingTimes(events: readonly TraceEvent[], fromTs: number, slowdown: number): BlockingTimes {
  const main = pageMainThread(events);
  const tasks = events
    .filter((e) => e.ph === 'X' && TASK_NAMES.has(e.name) && threadKey(e) === main && e.ts >= fromTs)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  let clock = 0;
  let cpu = 0;
  let end = -Infinity;
  for (const task of tasks) {
    if (task.ts < end) continue;
    const dur = task.dur ?? 0;
    end = task.ts + dur;
    clock += Math.max(0, (slowdown * dur) / 1000 - LONG_TASK_MS);
    // A task without its thread time makes the CPU sum unknown, not the clock's.
    cpu += task.tdur === undefined ? Number.NaN : Math.max(0, (slowdown * task.tdur) / 1000 - LONG_TASK_MS);
  }
  return { clockMs: Math.round(clock), cpuMs: Math.round(cpu) };
}

export interface RenderingWork {
  /** Elements whose style was computed, summed over the style recalculations. */
  elementsStyled: number;
  /** Layout objects laid out, summed over the layouts. */
  objectsLaidOut: number;
}

/** The page's style and layout work from `fromTs` (the first contentful paint) to the end of the trace. */
export function renderingWork(events: readonly TraceEvent[], fromTs: number): RenderingWork {
  const main = pageMainThread(events);
  let elementsStyled = 0;
  let objectsLaidOut = 0;
  for (const e of events) {
    if (e.ph !== 'X' || e.ts < fromTs || threadKey(e) !== main) continue;
    if (e.name === 'UpdateLayoutTree') elementsStyled += e.args?.elementCount ?? 0;
    else if (e.name === 'Layout') objectsLaidOut += e.args?.beginData?.dirtyObjects ?? 0;
  }
  return { elementsStyled, objectsLaidOut };
}
