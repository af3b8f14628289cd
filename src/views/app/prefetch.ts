/**
 * The start-up prefetch of a tab that holds a session (src/main.tsx calls it next to
 * prefetchSignedInApp): the screen of its address, the machines that screen starts, and the
 * Assistant's machine (the signed-in layout starts it on every page), so that they are here when
 * the session has been checked and the console renders with no loading frame.
 *
 * The route table (routes.tsx) is loaded here, not imported: it holds every route's heading and
 * navigation icon, which have no place in the /login JavaScript. It is a small chunk that the
 * console imports too, so it is requested together with the console; the screen and its machines
 * follow as soon as it is here.
 */
import type { MachineSourceMap } from '../../machines/registry';
import { prefetchMachine } from './machines-context';

/** Failures are left to the real loads, which report them. */
export function prefetchScreen(path: string, machines: MachineSourceMap): void {
  prefetchMachine(machines, 'chat');
  import('./routes').then(
    ({ routeAt }) => {
      const route = routeAt(path);
      if (!route) return;
      route.screen.prefetch();
      for (const key of route.machines) prefetchMachine(machines, key);
    },
    () => undefined,
  );
}
