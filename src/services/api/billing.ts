/**
 * Billing's calls (SPEC §7 /api/admin/billing/…, and the extensions in docs/BILLING.md): the
 * overview, a member's billing, the payment method, previewing, choosing, completing and cancelling
 * a plan, and invoice links. One file per area, like the route table (src/contract/routes/billing.ts); ./index.ts
 * gathers them.
 */
import { type InvoiceLinkRequest, type PlanType } from '../../contract/api';
import { billingRoutes } from '../../contract/routes/billing';
import type { ApiClient, CallOptions, ReadOptions } from './client';
import { Ignored, at, signalOf } from './routeSpec';

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
  return {
    overview: (opts?: ReadOptions) =>
      client.request({ ...at(billingRoutes.overview), signal: signalOf(opts), ahead: opts?.ahead }, billingRoutes.overview.response),
    /** A member's billing: a POST (SPEC §7) that only reads, so it may be made ahead of need. */
    user: (userId: string, opts?: ReadOptions) =>
      client.request(
        { ...at(billingRoutes.user), json: { userId }, signal: signalOf(opts), ahead: opts?.ahead },
        billingRoutes.user.response,
      ),
    updatePaymentMethod: (userId: string, opts?: CallOptions) =>
      client.request(
        {
          ...at(billingRoutes.updatePaymentMethod),
          json: { userId },
          signal: signalOf(opts),
        },
        billingRoutes.updatePaymentMethod.response,
      ),
    /** What choosing a plan would do, before anything is charged (an extension of SPEC §7). */
    previewSubscription: (userId: string, planType: PlanType, opts?: CallOptions) =>
      client.request(
        {
          ...at(billingRoutes.previewSubscription),
          searchParams: { userId },
          json: { planType },
          signal: signalOf(opts),
        },
        billingRoutes.previewSubscription.response,
      ),
    updateSubscription: (userId: string, planType: PlanType, opts?: UpdateSubscriptionOptions) =>
      client.request(
        {
          ...at(billingRoutes.updateSubscription),
          searchParams: { userId },
          json: { planType, ...(opts?.prorationDate === undefined ? {} : { prorationDate: opts.prorationDate }) },
          signal: signalOf(opts),
        },
        billingRoutes.updateSubscription.response,
      ),
    /** A fresh link to an invoice's hosted page or PDF, asked for as it is opened (an extension of SPEC §7). */
    invoiceLink: async (body: InvoiceLinkRequest, opts?: CallOptions): Promise<string> =>
      (await client.request({ ...at(billingRoutes.invoiceLink), json: body, signal: signalOf(opts) }, billingRoutes.invoiceLink.response))
        .url,
    completeSubscription: async (userId: string, body: CompleteSubscriptionParams, opts?: CallOptions): Promise<void> => {
      await client.request(
        {
          ...at(billingRoutes.completeSubscription),
          searchParams: { userId },
          json: { setupIntentId: body.setupIntentId, planType: body.planType },
          signal: signalOf(opts),
        },
        Ignored,
      );
    },
    cancelSubscription: (params: CancelSubscriptionParams, opts?: CallOptions) => {
      const reason = params.reason?.trim();
      return client.request(
        {
          ...at(billingRoutes.cancelSubscription),
          json: {
            userId: params.userId,
            cancelAtPeriodEnd: params.cancelAtPeriodEnd,
            ...(reason ? { reason } : {}),
          },
          signal: signalOf(opts),
        },
        billingRoutes.cancelSubscription.response,
      );
    },
  };
}
