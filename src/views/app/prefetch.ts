/**
 * The start-up prefetch of a tab that holds a session (src/main.tsx): everything consoleReady waits
 * for (the console, the screen of its address, the machines that screen starts, and the Assistant's
 * machine, which the signed-in layout starts on every page), so that it is here when the session
 * has been checked and the console renders with no loading frame. With `services` (a tab that holds
 * a session), also the reads of the screen's first load (the route's `readAhead`): its data is then
 * on its way alongside its code and the session check, rather than after them.
 *
 * The route table (routes.tsx) is loaded here, not imported: it holds every route's heading and
 * navigation icon, which have no place in the /login JavaScript. It is a small chunk that the
 * console imports too, so it is requested together with the console; the screen and its machines
 * follow as soon as it is here.
 */
import type { MachineSourceMap } from '../../machines/registry';
import type { Services } from '../../services';
import { loadSignedInApp } from './App';
import { loadMachine } from './machinesContext';

/**
 * Starts every load consoleReady waits for and, with `services`, the route's reads, without waiting
 * for them. Failures are left to the real loads, which report them: nothing here rejects unhandled.
 */
export function prefetchScreen(path: string, machines: MachineSourceMap, services?: Services): void {
  if (services) {
    import('./routes').then(
      ({ routeAt }) => routeAt(path)?.readAhead?.(services, path),
      () => undefined,
    );
  }
  consoleReady(path, machines).catch(() => undefined);
}

/**
 * Resolves once everything the signed-in console's first render at `path` reads is here: the
 * console's chunk and recipes, the route's screen, the machines it starts and the Assistant's. A
 * render after it suspends nowhere, so it commits the whole console at once: what replacing the
 * prerendered shell needs (src/main.tsx). Rejects when one of them cannot be fetched. The loads
 * that need no route start at once, without waiting for the route table.
 */
export async function consoleReady(path: string, machines: MachineSourceMap): Promise<void> {
  await Promise.all([
    loadSignedInApp(),
    loadMachine(machines, 'chat'),
    import('./routes').then(({ routeAt }) => {
      const route = routeAt(path);
      return Promise.all([route?.screen.load(), ...(route?.machines ?? []).map((key) => loadMachine(machines, key))]);
    }),
  ]);
}
