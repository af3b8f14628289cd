import type { Hono } from 'hono';
import { UserIdRequestSchema } from '../../src/contract/api';
import { adminOf, parseBody, parseValue, type AppEnv, type AppContext, type ServerDeps, handle } from '../core/module';
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
import { billingRoutes } from '../../src/contract/routes/billing';

/** `?userId=` of the update/complete calls, validated like a body field. */
function userIdQuery(c: AppContext): string {
  return parseValue(UserIdRequestSchema, { userId: c.req.query('userId') }).userId;
}

export function registerBillingRoutes(app: Hono<AppEnv>, deps: ServerDeps, billing: BillingDeps): void {
  const { db, config } = deps;
  const { clock, provider } = billing;

  handle(app, billingRoutes.overview, async (c) => {
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

  handle(app, billingRoutes.user, async (c) => {
    const { orgId } = adminOf(c);
    const { userId } = await parseBody(c, billingRoutes.user.body);
    return c.json(await userBilling(db, orgId, userId, clock(), config.apiOrigin));
  });

  handle(app, billingRoutes.updatePaymentMethod, async (c) => {
    const scope = adminOf(c);
    const { userId } = await parseBody(c, billingRoutes.updatePaymentMethod.body);
    return c.json(await paymentMethodsLink(billing, scope, userId, config.webOrigin));
  });

  handle(app, billingRoutes.previewSubscription, async (c) => {
    const scope = adminOf(c);
    const userId = userIdQuery(c);
    const { planType } = await parseBody(c, billingRoutes.previewSubscription.body);
    return c.json(await previewPlanChange(billing, scope, userId, planType));
  });

  handle(app, billingRoutes.updateSubscription, async (c) => {
    const scope = adminOf(c);
    const userId = userIdQuery(c);
    const { planType, prorationDate } = await parseBody(c, billingRoutes.updateSubscription.body);
    return c.json(await updateSubscription(billing, scope, userId, planType, prorationDate));
  });

  handle(app, billingRoutes.completeSubscription, async (c) => {
    const scope = adminOf(c);
    const userId = userIdQuery(c);
    const { setupIntentId, planType } = await parseBody(c, billingRoutes.completeSubscription.body);
    return c.json(await completeSubscription(billing, scope, userId, setupIntentId, planType));
  });

  handle(app, billingRoutes.cancelSubscription, async (c) => {
    const scope = adminOf(c);
    const { userId, cancelAtPeriodEnd, reason } = await parseBody(c, billingRoutes.cancelSubscription.body);
    return c.json(await cancelSubscription(billing, scope, userId, cancelAtPeriodEnd, reason));
  });

  handle(app, billingRoutes.invoiceLink, async (c) => {
    const { orgId } = adminOf(c);
    const { userId, invoiceId, format } = await parseBody(c, billingRoutes.invoiceLink.body);
    return c.json({ url: await freshInvoiceLink(db, provider, config.apiOrigin, orgId, userId, invoiceId, format, clock()) });
  });
}
