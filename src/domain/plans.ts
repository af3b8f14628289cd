/**
 * The plan catalogue (SPEC §1, §2 Manage Subscription modal, §9): each plan's id, display name,
 * monthly price in USD cents and what it includes. The one place these are written: the reference
 * API (prices it charges; names in its messages, invoices and transactions), the subscription
 * machine and the billing views read them from here. Prices are shown with formatCents (money.ts),
 * never written out.
 *
 * The ids are the contract's plan types (PLAN_TYPES in src/contract/api.ts, the values the API
 * accepts and sends): the catalogue must have exactly one entry for each, under its own id, or it
 * does not compile. The contract does not import the catalogue, so the /login JavaScript (which
 * holds the contract) does not carry it.
 */
import { PLAN_TYPES, type PlanType } from '../contract/api';

export interface Plan<Id extends PlanType = PlanType> {
  id: Id;
  /** The name the console and the API's messages, invoices and transactions show. */
  name: string;
  /** Monthly price in USD cents. */
  priceCents: number;
  /** What the plan includes (SPEC §1). */
  includes: readonly string[];
}

const LITE_INCLUDES = ['voice calls', 'call summaries', 'task extraction'] as const;

export const PLANS: { readonly [Id in PlanType]: Readonly<Plan<Id>> } = {
  lite: { id: 'lite', name: 'Hardline Lite', priceCents: 4999, includes: LITE_INCLUDES },
  /** Lite's features, plus Site Mode and an AI Assistant. */
  pro: { id: 'pro', name: 'Hardline Pro', priceCents: 12999, includes: [...LITE_INCLUDES, 'Site Mode', 'AI Assistant'] },
};

/** Every plan, in the order the plan picker offers them (the contract's order: lite, then pro). */
export const PLAN_LIST: readonly Readonly<Plan>[] = PLAN_TYPES.map((id) => PLANS[id]);

/** The plan the picker starts on when the user has none (SPEC §2). */
export const DEFAULT_PLAN_TYPE: PlanType = 'lite';

export function isPlanType(value: unknown): value is PlanType {
  return PLAN_TYPES.some((id) => id === value);
}
