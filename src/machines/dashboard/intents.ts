import { loadIntents } from '../load/intents';

/** The Dashboard's intent: `reload()` ('Try again' after the figures failed to load). */
export const dashboardIntents = loadIntents('dashboard.retry');
