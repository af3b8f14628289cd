/**
 * The start-up prefetch of a tab that holds a session (src/main.tsx calls it next to
 * prefetchSignedInApp): the screen of its address, the machines that screen starts, and the
 * Assistant's machine (the signed-in layout starts it on every page), so that they are here when
 * the session has been checked and the console renders with no loading frame. With `services` (a
 * tab that holds a session), also the reads of the screen's first load (the route's `readAhead`):
 * its data is then on its way alongside its code and the session check, rather than after them.
 *
 * The route table (routes.tsx) is loaded here, not imported: it holds every route's heading and
 * navigation icon, which have no place in the /login JavaScript. It is a small chunk that the
 * console imports too, so it is requested together with the console; the screen and its machines
 * follow as soon as it is here.
 */
import type { MachineSourceMap } from '../../machines/registry';
import type { Services } from '../../services';
import { prefetchMachine } from './machines-context';

/** Failures are left to the real loads, which report them. */
export function prefetchScreen(path: string, machines: MachineSourceMap, services?: Services): void {
  prefetchMachine(machines, 'chat');
  import('./routes').then(
    ({ routeAt }) => {
      const route = routeAt(path);
      if (!route) return;
      if (services) route.readAhead?.(services);
      route.screen.prefetch();
      for (const key of route.machines) prefetchMachine(machines, key);
    },
    () => undefined,
  );
}
