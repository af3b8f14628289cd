/**
 * One billing change of a member at a time. A change reads the mirror, calls the provider (Stripe,
 * over the network: never inside a database transaction, which on PGlite would hold up every other
 * request and on PostgreSQL a pooled connection and its locks), then writes what the provider
 * answered. Two changes of one member at once (two tabs, a double click, two API processes) would
 * both decide from the same state and both call the provider, so the second could start a second
 * subscription. A lease row per member, in PostgreSQL so every API process sees it, makes the
 * second wait until the first has written its answer; it then decides from that.
 *
 * A lease ends when its change does, or after LEASE_TTL_SECONDS if its process died meanwhile. The
 * provider calls carry idempotency keys made from the member's state (changes.ts), so a change
 * retried after such a crash gets the provider's first answer instead of a second charge.
 */
import { randomUUID } from 'node:crypto';
import { ApiError } from '../core/module';
import type { Db } from './db';

/** Longer than the provider's timeout and retries (stripeProvider.ts). */
const LEASE_TTL_SECONDS = 90;
/** How long a change waits for the member's previous one before it gives up. */
const LEASE_WAIT_MS = 30_000;

const MEMBER_BUSY_MESSAGE = 'Another billing change for this member is still in progress. Try again in a moment.';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Takes the member's lease (waiting for it), runs `work`, and gives the lease back. 404 for a member
 * of another organisation, or a deleted one unless `deleted` (the clean-up's cancellation,
 * removals.ts, takes the lease of members in Recently deleted).
 */
export async function withMemberLease<T>(
  db: Db,
  orgId: string,
  memberId: string,
  work: () => Promise<T>,
  { deleted = false }: { deleted?: boolean } = {},
): Promise<T> {
  const members = deleted ? 'member_rows' : 'members';
  const token = randomUUID();
  const giveUpAt = Date.now() + LEASE_WAIT_MS;
  for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
    const { rows } = await db.query<{ token: string }>(
      `INSERT INTO billing_leases (member_id, org_id, token, expires_at)
       SELECT id, org_id, $3, now() + make_interval(secs => $4) FROM ${members} WHERE id = $1 AND org_id = $2
       ON CONFLICT (member_id) DO UPDATE SET token = EXCLUDED.token, expires_at = EXCLUDED.expires_at
        WHERE billing_leases.expires_at < now()
       RETURNING token`,
      [memberId, orgId, token, LEASE_TTL_SECONDS],
    );
    if (rows[0]?.token === token) break;
    const { rows: exists } = await db.query(`SELECT 1 FROM ${members} WHERE id = $1 AND org_id = $2`, [memberId, orgId]);
    if (exists.length === 0) throw new ApiError(404, 'User not found');
    if (Date.now() >= giveUpAt) throw new ApiError(409, MEMBER_BUSY_MESSAGE);
    await sleep(pause);
  }
  try {
    return await work();
  } finally {
    await db.query('DELETE FROM billing_leases WHERE member_id = $1 AND token = $2', [memberId, token]);
  }
}
