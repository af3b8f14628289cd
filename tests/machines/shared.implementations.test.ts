// @vitest-environment node
/**
 * fromAbortablePromise (src/machines/shared.ts), the promise actor the implementations use: an
 * outcome reaches the actor as with fromPromise, and a run whose signal was aborted never settles,
 * so a stopped and restarted actor (what @xstate/react does in React's Strict Mode) hears only
 * from its new run.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { fromAbortablePromise, present } from '../../src/machines/shared';
import { nextTurn } from '../support/turn';
import { WAIT_MS } from '../support/waits';

/** fromPromise keeps its promise creator as the logic's `config`, typed unknown there. */
type Run = (args: { input: undefined; signal: AbortSignal }) => PromiseLike<string>;
const runOf = (logic: { config?: unknown }): Run => logic.config as Run;

describe('fromAbortablePromise', () => {
  it('passes the output and the input through', async () => {
    const actor = createActor(
      fromAbortablePromise<string, { name: string }>(async ({ input }) => `hello ${input.name}`),
      {
        input: { name: 'Ada' },
      },
    ).start();
    const done = await waitFor(actor, (s) => s.status === 'done', { timeout: WAIT_MS });
    expect(done.output).toBe('hello Ada');
  });

  it('passes a failure through while the actor runs', async () => {
    const actor = createActor(
      fromAbortablePromise(async () => {
        throw new Error('Server unavailable');
      }),
    );
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    await vi.waitFor(() => expect(errors).toEqual([new Error('Server unavailable')]));
  });

  it('a run whose signal was aborted never settles, whether its work then fails or succeeds', async () => {
    // The run itself (the logic's promise creator, which XState calls on every start), as @xstate/react
    // restarting the same actor would leave it: XState's own check that the actor is still active
    // does not help once the actor is active again.
    for (const outcome of ['rejects', 'resolves'] as const) {
      const controller = new AbortController();
      const logic = fromAbortablePromise<string>(
        ({ signal }) =>
          new Promise((resolve, reject) => {
            signal.addEventListener('abort', () =>
              outcome === 'rejects' ? reject(new DOMException('The request was cancelled.', 'AbortError')) : resolve('stale'),
            );
          }),
      );
      const settled: string[] = [];
      const run = runOf(logic)({ input: undefined, signal: controller.signal });
      void Promise.resolve(run).then(
        () => settled.push('resolved'),
        () => settled.push('rejected'),
      );
      controller.abort();
      // The abort settles the work at once; one more turn lets anything chained on it run.
      await nextTurn();
      expect(settled, outcome).toEqual([]);
    }
  });

  it('a run that was not aborted settles as its work does', async () => {
    const logic = fromAbortablePromise<string>(async () => {
      throw new Error('Server unavailable');
    });
    const run = runOf(logic)({ input: undefined, signal: new AbortController().signal });
    await expect(run).rejects.toThrow('Server unavailable');
  });
});

describe('present', () => {
  it('passes a value through, a falsy one too, and throws on null: a state entered without the value it needs', () => {
    const request = { userId: 'u-1' };
    expect(present(request)).toBe(request);
    expect(present(0)).toBe(0);
    expect(present('')).toBe('');
    expect(() => present(null)).toThrow(new Error('The machine entered a state without the value it needs'));
  });
});
