/**
 * The dashboard's data, read ahead of the screen (docs/PERFORMANCE.md): a tab that opens at / with
 * a session asks for the member counts and the billing overview while its code and the session
 * check are still on their way. The machine's load asks for the same two and takes their answers
 * (ReadOptions.ahead), or asks again itself when they failed or are too old.
 *
 * A module of its own, without the machine: the start-up prefetch imports it with the route table.
 */
import type { Services } from '../../services';

export function readDashboardAhead({ api }: Pick<Services, 'api'>): void {
  // Nobody waits on these: the machine's own calls take their answers, or report their failures.
  api.users.stats({ ahead: true }).catch(() => undefined);
  api.billing.overview({ ahead: true }).catch(() => undefined);
}
