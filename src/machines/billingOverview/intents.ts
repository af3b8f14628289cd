import { loadIntents } from '../load/intents';

/** The Billing Overview's intent: `reload()` (Refresh, and 'Try again' after a failure). */
export const billingOverviewIntents = loadIntents('billingOverview.refresh');
