// @vitest-environment node
/**
 * Blocking time read from a Lighthouse trace (scripts/bench/blocking.ts), by the clock and by thread
 * CPU time, and the rendering work counted in it, on hand-written trace events: the page's renderer,
 * another renderer and nested tasks.
 */
import { describe, expect, it } from 'vitest';
import { blockingTimes, renderingWork, type TraceEvent } from '../../scripts/bench/blocking';

const PAGE = { pid: 10, tid: 1 };
const OTHER = { pid: 20, tid: 1 };
const names: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', ...PAGE, ts: 0, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', ...OTHER, ts: 0, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', pid: 10, tid: 2, ts: 0, args: { name: 'Compositor' } },
];
/** A task at `atMs` lasting `ms` by the clock and `cpuMs` of thread time (trace times are in µs). */
const task = (where: { pid: number; tid: number }, atMs: number, ms: number, cpuMs?: number, name = 'RunTask'): TraceEvent => ({
  name,
  ph: 'X',
  ...where,
  ts: atMs * 1000,
  dur: ms * 1000,
  ...(cpuMs === undefined ? {} : { tdur: cpuMs * 1000 }),
});

describe('blocking time from a trace', () => {
  it("sums slowdown × duration − 50 ms over the page's long tasks, by the clock and by thread CPU time", () => {
    const events = [
      ...names,
      task(PAGE, 1000, 40, 10), // 160 ms at 4×: blocks 110 by the clock, 0 by CPU (40 ms)
      task(PAGE, 1100, 100, 30), // 400: 350 by the clock; 120: 70 by CPU
      task(PAGE, 1300, 10, 10), // 40: no long task either way
    ];
    expect(blockingTimes(events, 0, 4)).toEqual({ clockMs: 460, cpuMs: 70 });
    // Desktop: no slowdown; only the 100 ms task blocks, by the clock.
    expect(blockingTimes(events, 0, 1)).toEqual({ clockMs: 50, cpuMs: 0 });
  });

  it("counts from the first contentful paint on, on the page's renderer only, and a nested task once", () => {
    const events = [
      ...names,
      task(PAGE, 500, 200, 200), // before first paint: not counted
      task(PAGE, 1000, 100, 60),
      task(PAGE, 1010, 50, 50, 'ThreadControllerImpl::RunTask'), // inside the task above
      task(PAGE, 2000, 5, 5, 'RunTask'),
      task({ pid: 10, tid: 2 }, 1000, 500, 500), // the compositor thread
      task(OTHER, 1000, 90, 90), // another tab's renderer, less busy than the page's
    ];
    expect(blockingTimes(events, 900_000, 4)).toEqual({ clockMs: 350, cpuMs: 190 });
  });

  it('leaves the CPU figure unknown when a task has no thread time, and is 0 for an empty trace', () => {
    const events = [...names, task(PAGE, 1000, 100, 60), task(PAGE, 1200, 100)];
    const times = blockingTimes(events, 0, 4);
    expect(times.clockMs).toBe(700);
    expect(times.cpuMs).toBeNaN();
    expect(blockingTimes([], 0, 4)).toEqual({ clockMs: 0, cpuMs: 0 });
  });

  it("counts the elements styled and the layout objects laid out on the page's renderer from first paint on", () => {
    const style = (where: { pid: number; tid: number }, atMs: number, elementCount: number): TraceEvent => ({
      name: 'UpdateLayoutTree',
      ph: 'X',
      ...where,
      ts: atMs * 1000,
      dur: 1000,
      args: { elementCount },
    });
    const layout = (where: { pid: number; tid: number }, atMs: number, dirtyObjects: number): TraceEvent => ({
      name: 'Layout',
      ph: 'X',
      ...where,
      ts: atMs * 1000,
      dur: 1000,
      args: { beginData: { dirtyObjects } },
    });
    const events = [
      ...names,
      task(PAGE, 0, 300, 300), // makes the page's renderer the busiest
      style(PAGE, 100, 5000), // before first paint
      layout(PAGE, 100, 4000),
      style(PAGE, 1000, 700),
      layout(PAGE, 1001, 300),
      style(PAGE, 1500, 1100),
      layout(PAGE, 1501, 900),
      style(OTHER, 1500, 9999), // another tab
      layout(OTHER, 1501, 9999),
    ];
    expect(renderingWork(events, 900_000)).toEqual({ elementsStyled: 1800, objectsLaidOut: 1200 });
    expect(renderingWork([], 0)).toEqual({ elementsStyled: 0, objectsLaidOut: 0 });
  });
});
