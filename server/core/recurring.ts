/**
 * Background work that runs a pass when the API starts and every `everyMs` after that, in every
 * API process (the clean-up of Recently deleted, server/users/purge.ts; the cancellation of the
 * subscriptions of members due to be removed, server/billing/removals.ts; PGlite's housekeeping,
 * ./maintenance.ts). A pass never overlaps the
 * previous one in this process; what makes two processes' passes safe is each pass's own locking.
 */
export interface RecurringWork {
  /** The pass that is running, if any (tests and shutdown wait for it). */
  readonly running: Promise<unknown> | null;
  /** No pass starts from now on; resolves once the one running has ended. */
  stop(): Promise<void>;
}

/**
 * Runs `first` now (by default `pass`; none when null) and `pass` every `everyMs`; a failed pass goes
 * to `onError` and the next one runs as planned.
 */
export function startRecurring(
  pass: () => Promise<unknown>,
  everyMs: number,
  onError: (error: unknown) => void,
  { first = pass }: { first?: (() => Promise<unknown>) | null } = {},
): RecurringWork {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = (work: () => Promise<unknown>) => {
    if (stopped || running) return;
    running = work()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  if (first) tick(first);
  const timer = setInterval(() => tick(pass), everyMs);
  timer.unref();
  return {
    get running() {
      return running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
