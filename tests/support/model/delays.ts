/**
 * Named delays under test control, independent of who creates the actor.
 *
 * `delays` maps each name to a unique sentinel duration; provide it with
 * `machine.provide({ delays })`. While installed, global `setTimeout` calls with a sentinel
 * duration are held (XState v5's default clock calls the global `setTimeout` at schedule time);
 * every other timer (React, Testing Library, ky) runs for real. `fire(name)` runs the held timer.
 */
export interface ControlledDelays<N extends string> {
  delays: Record<N, number>;
  install(): void;
  uninstall(): void;
  /** Run the pending timer(s) of `name` now; throws when none is pending. */
  fire(name: N): void;
  isPending(name: N): boolean;
  /** An XState `clock` with the same behaviour, for code that creates the actor itself. */
  clock: { setTimeout(fn: (...args: unknown[]) => void, ms: number): unknown; clearTimeout(id: unknown): void };
}

const SENTINEL_BASE = 1_900_000_000;
let sentinelSeq = 0;

interface Held {
  id: number;
  name: string;
  fn: () => void;
}

export function createControlledDelays<const N extends string>(names: readonly N[]): ControlledDelays<N> {
  const delays = {} as Record<N, number>;
  const byMs = new Map<number, N>();
  for (const name of names) {
    sentinelSeq += 1;
    const ms = SENTINEL_BASE + sentinelSeq * 7;
    delays[name] = ms;
    byMs.set(ms, name);
  }
  let held: Held[] = [];
  let nextId = 1;
  let original: { setTimeout: typeof globalThis.setTimeout; clearTimeout: typeof globalThis.clearTimeout } | undefined;

  const hold = (fn: () => void, name: string): number => {
    const id = -nextId++;
    held.push({ id, name, fn });
    return id;
  };
  const release = (id: unknown): boolean => {
    const before = held.length;
    held = held.filter((h) => h.id !== id);
    return held.length !== before;
  };

  const controlled: ControlledDelays<N> = {
    delays,
    install() {
      if (original) return;
      original = { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout };
      const real = original;
      const patchedSet = (handler: TimerHandler, ms?: number, ...args: unknown[]): ReturnType<typeof setTimeout> => {
        const name = ms === undefined ? undefined : byMs.get(ms);
        if (name !== undefined && typeof handler === 'function') {
          return hold(() => (handler as (...a: unknown[]) => void)(...args), name) as unknown as ReturnType<typeof setTimeout>;
        }
        // Any other timer passes through to the real clock unchanged (this patches it; it sleeps nowhere).
        // eslint-disable-next-line no-restricted-syntax
        return real.setTimeout(handler as () => void, ms, ...args) as unknown as ReturnType<typeof setTimeout>;
      };
      const patchedClear = (id?: ReturnType<typeof setTimeout> | string | number): void => {
        if (release(id)) return;
        real.clearTimeout(id as ReturnType<typeof setTimeout>);
      };
      globalThis.setTimeout = patchedSet as unknown as typeof globalThis.setTimeout;
      globalThis.clearTimeout = patchedClear as typeof globalThis.clearTimeout;
    },
    uninstall() {
      if (!original) return;
      globalThis.setTimeout = original.setTimeout;
      globalThis.clearTimeout = original.clearTimeout;
      original = undefined;
      held = [];
    },
    fire(name) {
      const due = held.filter((h) => h.name === name);
      if (due.length === 0) throw new Error(`No pending "${name}" delay (pending: ${held.map((h) => h.name).join(', ') || 'none'})`);
      held = held.filter((h) => h.name !== name);
      for (const h of due) h.fn();
    },
    isPending: (name) => held.some((h) => h.name === name),
    clock: {
      setTimeout: (fn, ms) => {
        const name = byMs.get(ms);
        if (name !== undefined) return hold(() => fn(), name);
        // Not a held delay: the real clock's timer, as the machine asked for it.
        // eslint-disable-next-line no-restricted-syntax
        return globalThis.setTimeout(fn, ms);
      },
      clearTimeout: (id) => {
        if (!release(id)) globalThis.clearTimeout(id as ReturnType<typeof setTimeout>);
      },
    },
  };
  return controlled;
}
