/**
 * A member's billing, read ahead of the screen (docs/PERFORMANCE.md): a tab that opens at
 * /billing/user/:userId with a session asks for the member's subscription, payment methods and
 * invoices while its code and the session check are still on their way. The machine's load asks for
 * the same member and takes the answer (ReadOptions.ahead), or asks again itself when it failed or
 * is too old.
 *
 * A module of its own, without the machine: the start-up prefetch imports it with the route table.
 */
import type { Services } from '../../services';

export function readUserBillingAhead({ api }: Pick<Services, 'api'>, userId: string): void {
  // Nobody waits on it: the machine's own call takes its answer, or reports its failure.
  api.billing.user(userId, { ahead: true }).catch(() => undefined);
}
