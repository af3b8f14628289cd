import type { Hono } from 'hono';
import {
  CancelSubscriptionRequestSchema,
  CompleteSubscriptionRequestSchema,
  UpdateSubscriptionRequestSchema,
  UserIdRequestSchema,
} from '../../src/contract/api';
import { adminOf, parseBody, parseValue, type AppEnv, type AppContext, type ServerDeps } from '../core/module';
import { hashToken, newToken } from './ids';
import { PAYMENT_METHOD_LINK_TTL_MS } from './hosted';
import { recordAudit } from '../audit';
import { compactTallies, type TallySubject } from './tallies';
import { billingOverview, cancelSubscription, completeSubscription, findMember, updateSubscription, userBilling } from './model';

/** `?userId=` of the update/complete calls, validated like a body field. */
function userIdQuery(c: AppContext): string {
  return parseValue(UserIdRequestSchema, { userId: c.req.query('userId') }).userId;
}

export function registerBillingRoutes(app: Hono<AppEnv>, deps: ServerDeps, clock: () => Date): void {
  const { db, config } = deps;

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
    const { orgId } = scope;
    const { userId } = await parseBody(c, UserIdRequestSchema);
    const now = clock();
    const token = newToken();
    const expiresAt = new Date(now.getTime() + PAYMENT_METHOD_LINK_TTL_MS);
    await db.transaction(async (tx) => {
      const member = await findMember(tx, orgId, userId);
      await tx.query('DELETE FROM payment_method_sessions WHERE expires_at <= $1', [now]);
      await tx.query(
        'INSERT INTO payment_method_sessions (token_hash, org_id, member_id, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)',
        [hashToken(token), orgId, member.id, expiresAt, now],
      );
      // The link is a credential: the trail says when it stops working, never what it is.
      await recordAudit(tx, scope, { kind: 'payment_method.page_opened', member, after: { expiresAt: expiresAt.toISOString() } });
    });
    return c.json({ hostedUrl: `${config.apiOrigin}/hosted/payment-methods/${token}` });
  });

  app.post('/api/admin/billing/update-subscription', async (c) => {
    const scope = adminOf(c);
    const userId = userIdQuery(c);
    const { planType } = await parseBody(c, UpdateSubscriptionRequestSchema);
    const result = await db.transaction((tx) => updateSubscription(tx, scope, userId, planType, clock()));
    return c.json(result);
  });

  app.post('/api/admin/billing/complete-subscription', async (c) => {
    const scope = adminOf(c);
    const userId = userIdQuery(c);
    const { setupIntentId, planType } = await parseBody(c, CompleteSubscriptionRequestSchema);
    const result = await db.transaction((tx) => completeSubscription(tx, scope, userId, setupIntentId, planType, clock()));
    return c.json(result);
  });

  app.post('/api/admin/billing/cancel-subscription', async (c) => {
    const scope = adminOf(c);
    const { userId, cancelAtPeriodEnd, reason } = await parseBody(c, CancelSubscriptionRequestSchema);
    const result = await db.transaction((tx) => cancelSubscription(tx, scope, userId, cancelAtPeriodEnd, reason, clock()));
    return c.json(result);
  });
}
