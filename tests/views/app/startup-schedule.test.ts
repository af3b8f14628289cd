/**
 * When the start-up's work runs (src/views/app/startup/schedule.ts), with the browser's timers,
 * idle callbacks and paint entries faked where jsdom has none: in a task of its own, once idle, once
 * the first screen is painted (or after a fallback), and once on the first interaction.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, nextTask, onFirstInteraction, whenIdle } from '../../../src/views/app/startup/schedule';

// Globals first: a global stubbed over a fake timer's (below) goes back to the fake, which the real
// timers then take away.
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('nextTask', () => {
  it('resumes in a later task: after the microtasks already queued, not within them', async () => {
    const order: string[] = [];
    const resumed = nextTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('microtask'));
    await resumed;
    expect(order).toEqual(['microtask', 'next task']);
  });
});

describe('whenIdle', () => {
  it('asks for an idle callback, with a deadline of 4 s', () => {
    const requestIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    const task = vi.fn();
    whenIdle(task);
    expect(requestIdleCallback).toHaveBeenCalledWith(task, { timeout: 4000 });
    expect(task).not.toHaveBeenCalled();
  });

  it('runs after 1.5 s where the browser has no idle callbacks', () => {
    // After the fake timers: they bring an idle callback of their own wherever the window has the
    // property, as it has once a test before stubbed and restored it.
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const task = vi.fn();
    whenIdle(task);
    vi.advanceTimersByTime(1499);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledOnce();
  });
});

/** A PerformanceObserver that reports the paint entries it is handed, as a browser would. */
function fakePaintObserver() {
  const observers: { callback: PerformanceObserverCallback; disconnected: boolean }[] = [];
  class FakeObserver {
    static readonly supportedEntryTypes = ['paint'];
    private readonly entry: { callback: PerformanceObserverCallback; disconnected: boolean };
    constructor(callback: PerformanceObserverCallback) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    observers,
    paint(name: string) {
      for (const o of observers.filter((x) => !x.disconnected)) {
        const list = { getEntries: () => [{ name }] } as unknown as PerformanceObserverEntryList;
        o.callback(list, o as unknown as PerformanceObserver);
      }
    },
  };
}

describe('afterFirstPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('runs once the first contentful paint is reported, in a task after it, and not again at the fallback', () => {
    const browser = fakePaintObserver();
    const task = vi.fn();
    afterFirstPaint(task);
    browser.paint('first-paint');
    vi.advanceTimersByTime(0);
    expect(task).not.toHaveBeenCalled();
    browser.paint('first-contentful-paint');
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledOnce();
    expect(browser.observers[0]?.disconnected).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(task).toHaveBeenCalledOnce();
  });

  it('runs after the fallback where no paint is ever reported', () => {
    fakePaintObserver();
    const task = vi.fn();
    afterFirstPaint(task, 3000);
    vi.advanceTimersByTime(2999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    // The fallback is due; the task runs in the task after it (a timer set during a tick waits 1 ms).
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledOnce();
  });

  it('runs after the fallback where the browser has no PerformanceObserver', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const task = vi.fn();
    afterFirstPaint(task);
    vi.advanceTimersByTime(4999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    // The fallback is due; the task runs in the task after it (a timer set during a tick waits 1 ms).
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledOnce();
  });
});

describe('onFirstInteraction', () => {
  it.each(['pointerdown', 'keydown', 'touchstart'])('runs on the first %s, once, whatever follows', (type) => {
    const task = vi.fn();
    onFirstInteraction(task);
    expect(task).not.toHaveBeenCalled();
    window.dispatchEvent(new Event(type));
    expect(task).toHaveBeenCalledOnce();
    for (const next of ['pointerdown', 'keydown', 'touchstart']) window.dispatchEvent(new Event(next));
    expect(task).toHaveBeenCalledOnce();
  });

  it('ignores what is not an interaction (a scroll, a focus)', () => {
    const task = vi.fn();
    onFirstInteraction(task);
    window.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new Event('focus'));
    expect(task).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('keydown'));
    expect(task).toHaveBeenCalledOnce();
  });
});
