/**
 * Billing's calls (SPEC §7 /api/admin/billing/…, and the extensions in docs/BILLING.md): the
 * overview, a member's billing, the payment method, previewing, choosing, completing and cancelling
 * a plan, and invoice links. One file per area, like the route table (src/contract/routes/billing.ts); ./index.ts
 * gathers them.
 */
import { type InvoiceLinkRequest, type PlanType } from '../../contract/api';
import { billingRoutes } from '../../contract/routes/billing';
import type { ApiClient, CallOptions, ReadOptions } from './client';
import { routeCalls } from './routeSpec';

export interface CancelSubscriptionParams {
  readonly userId: string;
  readonly cancelAtPeriodEnd: boolean;
  readonly reason?: string;
}

export interface UpdateSubscriptionOptions extends CallOptions {
  /** The price preview's `prorationDate`: an upgrade is charged what the preview showed. */
  readonly prorationDate?: number;
}

export interface CompleteSubscriptionParams {
  readonly setupIntentId: string;
  readonly planType: PlanType;
}

export function createBillingCalls(client: ApiClient) {
  const { send, sendOnly } = routeCalls(client);
  return {
    overview: (opts?: ReadOptions) => send(billingRoutes.overview, {}, opts),
    /** A member's billing: a POST (SPEC §7) that only reads, so it may be made ahead of need. */
    user: (userId: string, opts?: ReadOptions) => send(billingRoutes.user, { json: { userId } }, opts),
    updatePaymentMethod: (userId: string, opts?: CallOptions) => send(billingRoutes.updatePaymentMethod, { json: { userId } }, opts),
    /** What choosing a plan would do, before anything is charged (an extension of SPEC §7). */
    previewSubscription: (userId: string, planType: PlanType, opts?: CallOptions) =>
      send(billingRoutes.previewSubscription, { searchParams: { userId }, json: { planType } }, opts),
    updateSubscription: (userId: string, planType: PlanType, opts?: UpdateSubscriptionOptions) =>
      send(
        billingRoutes.updateSubscription,
        {
          searchParams: { userId },
          json: { planType, ...(opts?.prorationDate === undefined ? {} : { prorationDate: opts.prorationDate }) },
        },
        opts,
      ),
    /** A fresh link to an invoice's hosted page or PDF, asked for as it is opened (an extension of SPEC §7). */
    invoiceLink: async (body: InvoiceLinkRequest, opts?: CallOptions): Promise<string> =>
      (await send(billingRoutes.invoiceLink, { json: body }, opts)).url,
    completeSubscription: (userId: string, body: CompleteSubscriptionParams, opts?: CallOptions): Promise<void> =>
      sendOnly(
        billingRoutes.completeSubscription,
        { searchParams: { userId }, json: { setupIntentId: body.setupIntentId, planType: body.planType } },
        opts,
      ),
    cancelSubscription: (params: CancelSubscriptionParams, opts?: CallOptions) => {
      const reason = params.reason?.trim();
      const json = { userId: params.userId, cancelAtPeriodEnd: params.cancelAtPeriodEnd, ...(reason ? { reason } : {}) };
      return send(billingRoutes.cancelSubscription, { json }, opts);
    },
  };
}
