/**
 * When start-up work runs, in the browser's terms: in a task of its own, once the browser idles,
 * once the first screen is painted, on the visitor's first interaction. src/main.tsx sequences the
 * start-up with these, so that no task runs long (Total Blocking Time on a phone) and nothing the
 * first screen does not need competes with it for a slow link (docs/PERFORMANCE.md).
 */

/**
 * Ends the current task and resumes in a new one, so that start-up is a few short tasks rather
 * than one long one: the main thread can paint and answer input in between (on a slow phone a
 * long task is what Lighthouse's Total Blocking Time counts).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(undefined);
  });
}

/** Runs `task` when the browser is idle after the first paint (or soon, where idle callbacks are missing). */
export function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 4000 });
  else window.setTimeout(task, 1500);
}

/**
 * Runs `task` once the browser has painted the first screen (its first contentful paint), or after
 * `fallbackMs` where that is never reported.
 */
export function afterFirstPaint(task: () => void, fallbackMs = 5000): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    window.setTimeout(task, 0);
  };
  window.setTimeout(once, fallbackMs);
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes.includes('paint')) return;
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
    observer.disconnect();
    once();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/** Runs `task` once, on the visitor's first pointer or key press (e.g. starting to fill in the login form). */
export function onFirstInteraction(task: () => void): void {
  const events = ['pointerdown', 'keydown', 'touchstart'] as const;
  const once = () => {
    for (const type of events) window.removeEventListener(type, once, true);
    task();
  };
  for (const type of events) window.addEventListener(type, once, { capture: true, passive: true });
}
