// @vitest-environment node
/**
 * The row change actor (src/machines/rowChanges/implementations.ts), run as XState runs a callback
 * actor's work, with the users API replaced: what it sends back to the list, and that a change the
 * list cancelled (it stopped the row actor, which aborts the request) sends back nothing, however
 * the cancelled request ends. XState drops what a stopped actor sends anyway; this is what the work
 * itself promises, for an actor that is restarted (React's Strict Mode) as for one that is not.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Services } from '../../src/services';
import { ApiRequestError } from '../../src/services/api/errors';
import { rowChangesImplementations } from '../../src/machines/rowChanges/implementations';
import type { RowActionInput, RowActionKind, RowActionResult } from '../../src/machines/rowChanges/rows';
import { makeUser } from '../views/users/fixtures';
import { nextTurn } from '../support/turn';

type Call = (userId: string, ...rest: unknown[]) => Promise<unknown>;
/** fromCallback keeps its callback as the logic's `config`, typed unknown there. */
type Work = (args: { input: RowActionInput; sendBack: (result: RowActionResult) => void }) => () => void;

/** A request that waits until the test settles it, or rejects with an AbortError when its signal aborts (as the API client does). */
function held() {
  let settle: { resolve: (value: unknown) => void; reject: (error: unknown) => void } | undefined;
  const call = vi.fn<Call>((...args) => {
    const { signal } = args.at(-1) as { signal: AbortSignal };
    return new Promise((resolve, reject) => {
      settle = { resolve, reject };
      signal.addEventListener('abort', () => reject(new DOMException('The request was cancelled.', 'AbortError')));
    });
  });
  return { call, settle: () => settle };
}

function start(users: Partial<Record<'setLicense' | 'setStatus' | 'restore' | 'get', Call>>, kind: RowActionKind = 'license') {
  const services = { api: { users } } as unknown as Pick<Services, 'api'>;
  const work = (rowChangesImplementations(services).actors.runRowAction as { config?: unknown }).config as Work;
  const sendBack = vi.fn<(result: RowActionResult) => void>();
  const stop = work({ input: { kind, user: MEMBER, value: true }, sendBack });
  return { sendBack, stop };
}

const MEMBER = makeUser(1);
const conflict = () => new ApiRequestError(409, 'Conflict', { message: 'The member changed' });

describe('a row change', () => {
  it('sends back the member as changed', async () => {
    const changed = { ...MEMBER, hasLicense: true };
    const { sendBack } = start({ setLicense: async () => changed });
    await vi.waitFor(() => expect(sendBack).toHaveBeenCalledTimes(1));
    expect(sendBack).toHaveBeenCalledWith({ type: 'row.succeeded', kind: 'license', before: MEMBER, user: changed });
  });

  it('asks the API for its kind of change, with the wanted value and the signal', async () => {
    const call = () => vi.fn<Call>(async () => MEMBER);
    for (const kind of ['license', 'status', 'restore'] as const) {
      const users = { setLicense: call(), setStatus: call(), restore: call() };
      const { sendBack } = start(users, kind);
      await vi.waitFor(() => expect(sendBack).toHaveBeenCalledTimes(1));
      const called = { license: users.setLicense, status: users.setStatus, restore: users.restore }[kind];
      expect(called).toHaveBeenCalledWith(MEMBER.userId, ...(kind === 'restore' ? [] : [true]), { signal: expect.any(AbortSignal) });
      expect([users.setLicense, users.setStatus, users.restore].filter((f) => f.mock.calls.length > 0)).toEqual([called]);
      expect(sendBack).toHaveBeenCalledWith({ type: 'row.succeeded', kind, before: MEMBER, user: MEMBER });
    }
  });

  it('sends back a failure as it came, whatever was thrown', async () => {
    for (const error of [new Error('offline'), null, 'offline']) {
      const { sendBack } = start({
        setLicense: async () => {
          throw error;
        },
      });
      await vi.waitFor(() => expect(sendBack).toHaveBeenCalledTimes(1));
      expect(sendBack).toHaveBeenCalledWith({ type: 'row.failed', kind: 'license', userId: MEMBER.userId, error });
    }
  });

  it('on a 409 sends back the member as they are now, or the 409 when they cannot be read', async () => {
    const now = { ...MEMBER, name: 'Renamed' };
    const read = start({ setLicense: async () => Promise.reject(conflict()), get: async () => now });
    await vi.waitFor(() => expect(read.sendBack).toHaveBeenCalledTimes(1));
    expect(read.sendBack).toHaveBeenCalledWith({ type: 'row.conflicted', kind: 'license', user: now, message: 'The member changed' });

    const refused = conflict();
    const unread = start({
      setLicense: async () => Promise.reject(refused),
      get: async () => Promise.reject(new Error('offline')),
    });
    await vi.waitFor(() => expect(unread.sendBack).toHaveBeenCalledTimes(1));
    expect(unread.sendBack).toHaveBeenCalledWith({ type: 'row.failed', kind: 'license', userId: MEMBER.userId, error: refused });
  });

  it('stopped while the change is sent: aborts it and sends back nothing', async () => {
    const change = held();
    const { sendBack, stop } = start({ setLicense: change.call });
    expect(change.call).toHaveBeenCalledTimes(1);
    stop();
    await nextTurn();
    expect(sendBack).not.toHaveBeenCalled();
  });

  it('stopped while the member is read again after a 409: aborts the read and sends back nothing', async () => {
    const read = held();
    const { sendBack, stop } = start({ setLicense: async () => Promise.reject(conflict()), get: read.call });
    await vi.waitFor(() => expect(read.call).toHaveBeenCalledTimes(1));
    stop();
    await nextTurn();
    expect(sendBack).not.toHaveBeenCalled();
  });
});
