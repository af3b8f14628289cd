/**
 * The Billing Overview's data, read ahead of the screen (docs/PERFORMANCE.md): a tab that opens at
 * /billing with a session asks for the overview while its code and the session check are still on
 * their way. The machine's load asks for the same read and takes its answer (ReadOptions.ahead), or
 * asks again itself when it failed or is too old.
 *
 * A module of its own, without the machine: the start-up prefetch imports it with the route table.
 */
import type { Services } from '../../services';

export function readBillingOverviewAhead({ api }: Pick<Services, 'api'>): void {
  // Nobody waits on it: the machine's own call takes its answer, or reports its failure.
  api.billing.overview({ ahead: true }).catch(() => undefined);
}
