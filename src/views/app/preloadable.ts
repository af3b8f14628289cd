import { use } from 'react';

/**
 * A lazily loaded module that a component reads with React's `use` (in place of `React.lazy`): once
 * the module is here, whether loaded by an earlier render or fetched ahead of need, the component
 * renders at once instead of suspending. React.lazy suspends on a component's first render even
 * when its chunk has long arrived, and React then holds the content back behind the fallback for at
 * least 300 ms (its throttle on revealing Suspense content).
 *
 * A failed load goes to the nearest error boundary. It is kept (React's own immediate re-renders
 * see the same failure rather than fetching again and again) until RETRY_AFTER_MS have passed; the
 * next render after that, e.g. 'Try again', loads again. React.lazy would keep it for good.
 */
export interface Preloadable<T> {
  /** Starts the load (once); failures are left to the render that needs it. */
  prefetch(): void;
  /** The same load as a promise: for code that must wait until the module is here (src/main.tsx). */
  load(): Promise<T>;
  /** The module, for a component under a Suspense boundary: suspends only while it is on its way. */
  use(): T;
}

export const RETRY_AFTER_MS = 1000;

/** React's convention: a settled promise carrying its outcome is read by `use` without suspending. */
type Tracked<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

export function preloadable<T>(load: () => Promise<T>, now: () => number = Date.now): Preloadable<T> {
  let current: Tracked<T> | undefined;
  let failedAt = 0;
  const start = (): Tracked<T> => {
    if (current && !(current.status === 'rejected' && now() - failedAt >= RETRY_AFTER_MS)) return current;
    const loading: Tracked<T> = load().then(
      (module) => {
        loading.status = 'fulfilled';
        loading.value = module;
        return module;
      },
      (error: unknown) => {
        failedAt = now();
        loading.status = 'rejected';
        loading.reason = error;
        throw error;
      },
    );
    current = loading;
    return loading;
  };
  return {
    prefetch: () => {
      start().catch(() => undefined);
    },
    load: () => start(),
    // The tracked fields are React's own convention; the promise itself is what `use` receives.
    use: () => use(start() as Promise<T>),
  };
}
