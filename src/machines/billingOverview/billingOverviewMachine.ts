/**
 * The Billing Overview screen (SPEC §2 Billing Overview), a load machine (../load): load the
 * overview, show it, or the empty state, or the error box with 'Try again'. Refresh and 'Try again'
 * reload while whatever is on screen stays there (the overview is kept in context until a new one
 * arrives). SPEC §8 Billing: errors show the thrown message, else 'Unknown error'.
 */
import type { BillingOverview } from '../../contract/api';
import type { ActorRefFrom } from 'xstate';
import { createLoadMachine } from '../load';

export const billingOverviewMachine = createLoadMachine<BillingOverview, 'billingOverview.refresh'>({
  id: 'billingOverview',
  spec: ['§2 Billing Overview'],
  loadId: 'loadOverview',
  reload: 'billingOverview.refresh',
  reloadsShown: true,
  /** Nothing to show: no users and no transactions. */
  isEmpty: (overview) => overview.totalUsers === 0 && overview.recentTransactions.length === 0,
});

export type BillingOverviewActorRef = ActorRefFrom<typeof billingOverviewMachine>;
