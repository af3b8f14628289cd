/**
 * React scheduling as in a browser, for the tests of what a deferred render (`useDeferredValue`)
 * draws and when. Inside act(), React flushes every render before act() returns; outside it, an
 * actor's update (an external store's) renders at once, in a microtask, and a deferred render waits
 * for a task of React's scheduler, as on a phone.
 */

type ActGlobal = { IS_REACT_ACT_ENVIRONMENT?: boolean };

/** Runs `body` outside React's act() environment, then restores it. */
export async function asInABrowser(body: () => Promise<void>): Promise<void> {
  const global = globalThis as ActGlobal;
  const previous = global.IS_REACT_ACT_ENVIRONMENT;
  global.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    await body();
  } finally {
    global.IS_REACT_ACT_ENVIRONMENT = previous;
  }
}

/** Lets microtasks run (where an external store's update renders), but no task of React's scheduler. */
export async function microtasks(): Promise<void> {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}

/** Waits for the next task (a setTimeout 0): the screen's actors have started and asked for their data. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
