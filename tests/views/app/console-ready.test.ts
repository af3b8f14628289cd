/**
 * consoleReady (src/views/app/prefetch.ts): what src/main.tsx waits for before the live console
 * replaces the prerendered shell, so that its first render suspends nowhere; and the start-up
 * prefetch (prefetchScreen), which starts those very loads without waiting for them. Which route
 * prefetches what, and its reads ahead: routes.test.tsx.
 */
import { describe, expect, it, vi } from 'vitest';
import type { MachineSourceMap } from '../../../src/machines/registry';
import { consoleReady, prefetchScreen } from '../../../src/views/app/prefetch';
import { ROUTES } from '../../../src/views/app/routes';
import { placeholderActor } from '../../../src/machines/shared';
import { nextTurn } from '../../support/turn';

/** A loader per key that resolves to some logic, counting its calls. */
function loaders() {
  const logic = placeholderActor<void>('stand-in');
  const made = (key: string) => vi.fn(() => Promise.resolve(logic)).mockName(key);
  const map = { chat: made('chat'), dashboard: made('dashboard'), usersList: made('usersList'), activity: made('activity') };
  return { map, machines: map as unknown as MachineSourceMap };
}

describe('consoleReady', () => {
  it("loads the console, the route's screen and machines, and the Assistant's machine", async () => {
    const { map, machines } = loaders();
    await consoleReady('/', machines);
    expect(map.chat).toHaveBeenCalledTimes(1);
    expect(map.dashboard).toHaveBeenCalledTimes(1);
    expect(map.usersList).not.toHaveBeenCalled();
    // The screen's chunk is here: loading it again is the same, settled load.
    const dashboard = ROUTES.find((r) => r.path === '/')!;
    await expect(dashboard.screen.load()).resolves.toHaveProperty('DashboardScreen');
  });

  it('loads each route its own machines, once however often it is asked', async () => {
    const { map, machines } = loaders();
    await consoleReady('/users', machines);
    await consoleReady('/users', machines);
    expect(map.usersList).toHaveBeenCalledTimes(1);
    expect(map.dashboard).not.toHaveBeenCalled();
  });

  it('an address no route shows needs the console alone (it shows its error page)', async () => {
    const { map, machines } = loaders();
    await consoleReady('/nowhere', machines);
    expect(map.chat).toHaveBeenCalledTimes(1);
    expect(map.dashboard).not.toHaveBeenCalled();
  });

  it('fails when a machine cannot be fetched (main.tsx then renders without the shell)', async () => {
    const { machines } = loaders();
    const failing = { ...machines, dashboard: () => Promise.reject(new Error('chunk failed')) } as MachineSourceMap;
    await expect(consoleReady('/', failing)).rejects.toThrow('chunk failed');
  });

  it('takes logic given directly as it is', async () => {
    const logic = placeholderActor<void>('direct');
    await expect(consoleReady('/', { chat: logic, dashboard: logic } as unknown as MachineSourceMap)).resolves.toBeUndefined();
  });
});

describe('prefetchScreen', () => {
  it('starts every load consoleReady waits for: consoleReady then asks for nothing more', async () => {
    const { map, machines } = loaders();
    prefetchScreen('/users/activity', machines);
    expect(map.chat).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(map.activity).toHaveBeenCalledTimes(1));
    await consoleReady('/users/activity', machines);
    expect([map.chat, map.activity, map.usersList, map.dashboard].map((m) => m.mock.calls.length)).toEqual([1, 1, 0, 0]);
  });

  it('leaves a failed load to the real one: nothing rejects unhandled', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const failed = () => Promise.reject(new Error('chunk failed'));
      const machines = { chat: failed, dashboard: failed } as unknown as MachineSourceMap;
      prefetchScreen('/', machines);
      // Once the real load has failed, the prefetch's own failure has settled too; Node reports an
      // unhandled rejection at the end of the turn in which it happened.
      await expect(consoleReady('/', machines)).rejects.toThrow('chunk failed');
      await nextTurn();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });
});
