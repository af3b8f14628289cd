import { createLoadIntents } from '../load/intents';

/** The Dashboard's intent: `reload()` ('Try again' after the figures failed to load). */
export const useDashboardIntents = createLoadIntents('dashboard.retry');
