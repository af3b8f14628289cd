/**
 * The billing model of the reference API: an embedded stand-in for the card payment provider's
 * customers, subscriptions, payment methods, invoices and setup intents. Every table carries
 * org_id and every query filters by it. The tables: server/migrations/0005.do.billing.sql.
 */

/** How long an open setup intent can be completed and is handed out again (then a new one is made). */
export const SETUP_INTENT_TTL_MS = 24 * 60 * 60 * 1000;
