import type { Hono } from 'hono';
import {
  CancelSubscriptionRequestSchema,
  CompleteSubscriptionRequestSchema,
  InvoiceLinkRequestSchema,
  PreviewSubscriptionRequestSchema,
  UpdateSubscriptionRequestSchema,
  UserIdRequestSchema,
} from '../../src/contract/api';
import { adminOf, parseBody, parseValue, type AppEnv, type AppContext, type ServerDeps } from '../core/module';
import { compactTallies, type TallySubject } from './tallies';
import { billingOverview, freshInvoiceLink, userBilling } from './model';
import {
  cancelSubscription,
  completeSubscription,
  paymentMethodsLink,
  previewPlanChange,
  updateSubscription,
  type BillingDeps,
} from './changes';

/** `?userId=` of the update/complete calls, validated like a body field. */
function userIdQuery(c: AppContext): string {
  return parseValue(UserIdRequestSchema, { userId: c.req.query('userId') }).userId;
}

export function registerBillingRoutes(app: Hono<AppEnv>, deps: ServerDeps, billing: BillingDeps): void {
  const { db, config } = deps;
  const { clock, provider } = billing;

  app.get('/api/admin/billing/overview', async (c) => {
    const { orgId } = adminOf(c);
    // Its figures are several reads (model.ts): one snapshot, so that they add up while members
    // are added or deleted meanwhile. The snapshot is read-only, so tallies that have grown crowded
    // are compacted after it (tallies.ts).
    const crowded = new Set<TallySubject>();
    const overview = await db.transaction(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      return billingOverview(tx, orgId, clock(), { onCrowded: (subject) => crowded.add(subject) });
    });
    for (const subject of crowded) await compactTallies(db, orgId, subject);
    return c.json(overview);
  });

  app.post('/api/admin/billing/user', async (c) => {
    const { orgId } = adminOf(c);
    const { userId } = await parseBody(c, UserIdRequestSchema);
    return c.json(await userBilling(db, orgId, userId, clock(), config.apiOrigin));
  });

  app.post('/api/admin/billing/update-payment-method', async (c) => {
    const scope = adminOf(c);
    const { userId } = await parseBody(c, UserIdRequestSchema);
    return c.json(await paymentMethodsLink(billing, scope, userId, config.webOrigin));
  });

  app.post('/api/admin/billing/preview-subscription', async (c) => {
    const scope = adminOf(c);
    const userId = userIdQuery(c);
    const { planType } = await parseBody(c, PreviewSubscriptionRequestSchema);
    return c.json(await previewPlanChange(billing, scope, userId, planType));
  });

  app.post('/api/admin/billing/update-subscription', async (c) => {
    const scope = adminOf(c);
    const userId = userIdQuery(c);
    const { planType, prorationDate } = await parseBody(c, UpdateSubscriptionRequestSchema);
    return c.json(await updateSubscription(billing, scope, userId, planType, prorationDate));
  });

  app.post('/api/admin/billing/complete-subscription', async (c) => {
    const scope = adminOf(c);
    const userId = userIdQuery(c);
    const { setupIntentId, planType } = await parseBody(c, CompleteSubscriptionRequestSchema);
    return c.json(await completeSubscription(billing, scope, userId, setupIntentId, planType));
  });

  app.post('/api/admin/billing/cancel-subscription', async (c) => {
    const scope = adminOf(c);
    const { userId, cancelAtPeriodEnd, reason } = await parseBody(c, CancelSubscriptionRequestSchema);
    return c.json(await cancelSubscription(billing, scope, userId, cancelAtPeriodEnd, reason));
  });

  app.post('/api/admin/billing/invoice-link', async (c) => {
    const { orgId } = adminOf(c);
    const { userId, invoiceId, format } = await parseBody(c, InvoiceLinkRequestSchema);
    return c.json({ url: await freshInvoiceLink(db, provider, config.apiOrigin, orgId, userId, invoiceId, format, clock()) });
  });
}
