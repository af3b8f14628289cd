/**
 * The clean-up of Recently deleted (docs/USERS.md): 30 days after their deletion a member is removed
 * for good, as DELETE /api/users/{id} did before Recently deleted existed. The foreign keys do what
 * they always did: invoices and transactions stay, with the name and e-mail they were made for
 * (billing history, server/migrations/0005.do.billing.sql), the audit trail stays (it has no foreign
 * key), and the member's subscription, trials, payment methods and the rest go with the row. Their
 * pool account is deleted, so the address may sign up or be invited again. A member whose
 * subscription is not canceled waits: the billing module cancels it at the provider first
 * (server/billing/removals.ts), and a later pass removes them.
 *
 * Each pass is one transaction per batch: the due rows are locked with `FOR UPDATE SKIP LOCKED` and
 * deleted with `DELETE ... RETURNING`, with one `member.purged` entry each in the activity trail. A
 * row can be deleted once only, so several API processes running the clean-up at the same time never
 * remove (or record) a member twice, and a restore that locked the row first wins. The pool accounts
 * are deleted after the commit (no transaction waits on the pool); one the pool fails to delete is
 * logged and stays disabled (the deletion disabled it), so it cannot sign in either way.
 *
 * `purgeRecentlyDeleted(deps, now)` is one pass at `now` (tests inject the clock); `startPurge` runs a
 * pass when the API starts and every `everyMs` (an hour) after that, in every API process.
 */
import { PURGE_ACTOR } from '../../src/contract/audit';
import type { Database } from '../core/db';
import { MEMBER_COLUMNS, RECENTLY_DELETED_DAYS, type MemberRow } from '../core/members';
import type { BackgroundOptions, UserPoolAdmin } from '../core/module';
import { memberValues } from '../audit';
import { startRecurring, type RecurringWork } from '../core/recurring';

const PURGE_EVERY_MS = 60 * 60 * 1000;
/** Members removed per transaction: a short transaction even when thousands fall due at once. */
const PURGE_BATCH = 200;

export interface PurgedMember {
  id: string;
  orgId: string;
  email: string;
}

type PurgedRow = MemberRow & { deleted_at: Date };

/** One pass: removes for good every member deleted at least 30 days before `now`; answers who was removed. */
export async function purgeRecentlyDeleted(
  { db, userPool }: { db: Database; userPool: UserPoolAdmin },
  now: Date,
  options: { batch?: number; onError?: (error: unknown) => void } = {},
): Promise<PurgedMember[]> {
  const cutoff = new Date(now.getTime() - RECENTLY_DELETED_DAYS * 24 * 60 * 60 * 1000);
  const batch = options.batch ?? PURGE_BATCH;
  const purged: PurgedMember[] = [];
  for (;;) {
    const rows = await db.transaction(async (tx) => {
      const { rows: due } = await tx.query<{ id: string }>(
        // Never a member whose subscription still runs: it would go on charging with nothing left to
        // stop it. The billing module cancels those first (server/billing/removals.ts); a later pass
        // removes the member.
        `SELECT id FROM member_rows m
          WHERE deleted_at <= $1
            AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.member_id = m.id AND s.status <> 'canceled')
          ORDER BY deleted_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [cutoff, batch],
      );
      if (due.length === 0) return [];
      const ids = due.map((row) => row.id);
      // The subscriptions first, while their members are still marked deleted: the tallies left them
      // out at the deletion (0013), so the cascade must not take them out a second time.
      await tx.query('DELETE FROM subscriptions WHERE member_id = ANY($1::text[])', [ids]);
      const { rows: removed } = await tx.query<PurgedRow>(
        `DELETE FROM member_rows WHERE id = ANY($1::text[]) AND deleted_at <= $2 RETURNING ${MEMBER_COLUMNS}`,
        [ids, cutoff],
      );
      const entries = removed.map((row) => ({
        org_id: row.org_id,
        member_id: row.id,
        member_name: row.name,
        member_email: row.email,
        before: { ...memberValues(row), deletedAt: new Date(row.deleted_at).toISOString() },
      }));
      // The removal is the member's last entry, dated after every entry before it. The trail is
      // ordered by `created_at`, the time a transaction began, and this one can have begun before the
      // billing module's cancellation committed (server/billing/removals.ts: the pass that sees the
      // subscription canceled reads after that commit, in READ COMMITTED). Dated `now()`, the
      // removal would then show before the cancellation that allowed it.
      await tx.query(
        `INSERT INTO audit_entries (id, org_id, actor_id, actor_name, actor_email, kind, member_id, member_name, member_email, before, after, created_at)
         SELECT gen_random_uuid()::text, e.org_id, $2, $3, $4, 'member.purged', e.member_id, e.member_name, e.member_email, e.before, NULL,
                GREATEST(now(), (SELECT max(a.created_at) + interval '1 microsecond' FROM audit_entries a
                                  WHERE a.org_id = e.org_id AND a.member_id = e.member_id))
           FROM jsonb_to_recordset($1::jsonb) AS e(org_id text, member_id text, member_name text, member_email text, before jsonb)`,
        [JSON.stringify(entries), PURGE_ACTOR.memberId, PURGE_ACTOR.name, PURGE_ACTOR.email],
      );
      return removed;
    });
    for (const row of rows) {
      purged.push({ id: row.id, orgId: row.org_id, email: row.email });
      if (!row.cognito_sub) continue;
      await userPool.deleteUser(row.cognito_sub).catch((error: unknown) => {
        (options.onError ?? console.error)(
          new Error(`[api] the pool account of a member removed for good could not be deleted (${row.cognito_sub})`, { cause: error }),
        );
      });
    }
    if (rows.length < batch) return purged;
  }
}

/** Runs the clean-up now and every `everyMs`; a pass never overlaps the previous one in this process. */
export function startPurge(
  deps: { db: Database; userPool: UserPoolAdmin },
  options: BackgroundOptions & { everyMs?: number; now?: () => Date } = {},
): RecurringWork {
  const onError = options.onError ?? ((error: unknown) => console.error('[api] recently deleted clean-up', error));
  const now = options.now ?? (() => new Date());
  return startRecurring(() => purgeRecentlyDeleted(deps, now(), { onError }), options.everyMs ?? PURGE_EVERY_MS, onError);
}
