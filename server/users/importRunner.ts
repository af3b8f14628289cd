/**
 * The runner of members import jobs (./imports.ts): it invites a running job's pending rows one by
 * one, as the administrator who started it, and marks each row with what happened.
 *
 * - A job is run by one process at a time: the process holds a lease on it (`lease_owner`,
 *   `lease_until`), renewed as it goes. A process that stops (a deploy, a crash) leaves its lease
 *   to expire; the runner of any process then takes the job over (each looks for such jobs every
 *   `pollMs`, and when it starts), and goes on from the rows still pending.
 * - Each row is invited once, even when the job is taken over half-way through a row: a member is
 *   found by e-mail (./invite.ts with `takeOver`: the half-made invitation is finished, the user
 *   pool account an earlier attempt made is attached instead of made again), and a row whose
 *   member exists by the time it is reached counts as existing (or as invited, when this job made
 *   it).
 * - Cancelling (./imports.ts) marks the pending rows skipped; the runner stops at the next row. A
 *   row under way when it was cancelled still records what happened to it.
 * - A job whose administrator is no longer one fails as a whole (the rows left stay pending).
 */
import type { Database } from '../core/db';
import { ApiError, type UserPoolAdmin } from '../core/module';
import type { ImportMember } from '../../src/domain/memberImport';
import { NO_LONGER_ADMIN } from './admin';
import { inviteMember, isDuplicateEmail } from './invite';
import { ACTOR_GONE } from '../audit';

/** Pending rows read at once. */
const BATCH = 50;

export interface ImportRunnerOptions {
  /** How long a lease lasts without being renewed (ms). */
  leaseMs?: number;
  /** How often the runner looks for jobs left by a stopped process (ms). */
  pollMs?: number;
  /** This runner's name in `lease_owner` (a new one per process by default). */
  owner?: string;
  onError?: (error: unknown) => void;
}

export interface ImportRunner {
  /** Runs the job now, if it is running and no live process holds it. */
  kick(id: string): void;
  /** Looks for running jobs nobody holds (a stopped process's) and runs them. */
  resume(): Promise<void>;
  /** Stops after the row under way; the jobs stay running, for the next process to take over at once. */
  stop(): Promise<void>;
  /** Resolves when every job this runner is running has stopped (tests). */
  idle(): Promise<void>;
}

interface LeasedJob {
  id: string;
  org_id: string;
  created_by: string;
  started_at: Date;
}

interface PendingRow {
  row_number: number;
  member: ImportMember;
}

/** Why the job as a whole cannot go on: its administrator no longer is one (or no longer a member). */
function stopsTheJob(error: unknown): boolean {
  return error instanceof ApiError && (error.message === NO_LONGER_ADMIN || error.message === ACTOR_GONE);
}

export function createImportRunner(deps: { db: Database; userPool: UserPoolAdmin }, options: ImportRunnerOptions = {}): ImportRunner {
  const { db, userPool } = deps;
  const leaseMs = options.leaseMs ?? 15_000;
  const owner = options.owner ?? crypto.randomUUID();
  const onError = options.onError ?? ((error: unknown) => console.error('[api] members import', error));
  const running = new Map<string, Promise<void>>();
  let stopped = false;

  /**
   * What the administrator sees of a failure (on the row, or on the job): the API's own answer, else
   * `fallback`; anything else (a database or network error: its detail) goes to the log only.
   */
  const shown = (error: unknown, fallback: string): string => {
    if (error instanceof ApiError) {
      if (error.cause !== undefined) onError(error);
      return error.message;
    }
    onError(error);
    return fallback;
  };

  /** Takes or renews the lease; null when the job is no longer running or another live process holds it. */
  async function lease(id: string): Promise<LeasedJob | null> {
    const { rows } = await db.query<LeasedJob>(
      `UPDATE member_imports SET lease_owner = $2, lease_until = now() + make_interval(secs => $3)
        WHERE id = $1 AND status = 'running' AND (lease_owner = $2 OR lease_until IS NULL OR lease_until < now())
        RETURNING id, org_id, created_by, started_at`,
      [id, owner, leaseMs / 1000],
    );
    return rows[0] ?? null;
  }

  /**
   * `work` with the job's lease renewed every third of a lease while it runs: a row whose user pool
   * call is slow (the SDK's timeouts and retries can outlast a lease) is not a stopped process, and
   * another process taking the job over would invite that row a second time. A process that has
   * really stopped renews nothing, and its lease runs out as before.
   */
  async function holdingLease<T>(id: string, work: () => Promise<T>): Promise<T> {
    const beat = setInterval(() => void lease(id).catch((error: unknown) => !stopped && onError(error)), leaseMs / 3);
    try {
      return await work();
    } finally {
      clearInterval(beat);
    }
  }

  /** Records what happened to a row, unless another process has taken the job over meanwhile (its answer stands). */
  async function mark(id: string, row: number, state: string, message: string | null = null): Promise<void> {
    await db.query(
      `UPDATE member_import_rows SET state = $3, message = $4
        WHERE import_id = $1 AND row_number = $2
          AND EXISTS (SELECT 1 FROM member_imports WHERE id = $1 AND lease_owner = $5)`,
      [id, row, state, message, owner],
    );
  }

  async function inviteRow(job: LeasedJob, row: PendingRow): Promise<void> {
    const scope = { orgId: job.org_id, memberId: job.created_by };
    try {
      const { member, created } = await inviteMember(db, userPool, scope, { ...row.member, isActive: true }, { takeOver: true });
      // Found as already made: this job's (an earlier attempt at this row), or someone else's.
      const ours = created || (member.invited_at !== null && new Date(member.invited_at) >= new Date(job.started_at));
      await mark(job.id, row.row_number, ours ? 'invited' : 'existing');
    } catch (error) {
      if (isDuplicateEmail(error)) {
        await mark(job.id, row.row_number, 'existing');
        return;
      }
      if (stopsTheJob(error)) throw error;
      await mark(job.id, row.row_number, 'failed', shown(error, 'Failed to invite user'));
    }
  }

  async function run(id: string): Promise<void> {
    let batch: PendingRow[] = [];
    for (;;) {
      if (stopped) return;
      // The lease is renewed before each row, which also stops the job once it is cancelled.
      const job = await lease(id);
      if (!job) return;
      if (batch.length === 0) {
        const { rows } = await db.query<PendingRow>(
          `SELECT row_number, member FROM member_import_rows WHERE import_id = $1 AND state = 'pending' ORDER BY row_number LIMIT $2`,
          [id, BATCH],
        );
        batch = rows;
      }
      const next = batch.shift();
      if (!next) {
        await db.query(
          `UPDATE member_imports SET status = 'done', finished_at = now(), lease_owner = NULL, lease_until = NULL
            WHERE id = $1 AND status = 'running'`,
          [id],
        );
        return;
      }
      try {
        await holdingLease(id, () => inviteRow(job, next));
      } catch (error) {
        await db.query(
          `UPDATE member_imports SET status = 'failed', finished_at = now(), message = $2, lease_owner = NULL, lease_until = NULL
            WHERE id = $1 AND status = 'running'`,
          [id, shown(error, 'The import stopped on an unexpected error. Start it again to invite the rows left.')],
        );
        return;
      }
    }
  }

  function kick(id: string): void {
    if (stopped || running.has(id)) return;
    const work = run(id)
      .catch((error: unknown) => {
        if (!stopped) onError(error);
      })
      .finally(() => running.delete(id));
    running.set(id, work);
  }

  async function resume(): Promise<void> {
    if (stopped) return;
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM member_imports WHERE status = 'running' AND (lease_until IS NULL OR lease_until < now() OR lease_owner = $1)`,
      [owner],
    );
    for (const { id } of rows) kick(id);
  }

  const timer = setInterval(() => void resume().catch((error: unknown) => !stopped && onError(error)), options.pollMs ?? 5_000);
  timer.unref();

  return {
    kick,
    resume,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all(running.values());
      // A process that stops on purpose (a deploy) hands its jobs over at once rather than when the lease expires.
      await db.query(`UPDATE member_imports SET lease_until = NULL WHERE lease_owner = $1 AND status = 'running'`, [owner]).catch(onError);
    },
    async idle() {
      while (running.size > 0) await Promise.all(running.values());
    },
  };
}
