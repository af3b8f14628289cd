/**
 * Reads of `copilot_tallies` (see server/migrations/0005.do.billing.sql): counts and sums per group of an organisation's
 * members, subscriptions, invoices and transactions, kept by statement-level triggers as rows of
 * +n / -n. A read sums them; when an organisation has gathered many more rows than groups, the
 * read compacts them into one row per group (one transaction, serialised per organisation and
 * subject; writers never wait for it, since it only deletes the rows it read and inserts sums).
 */
import type { Queryable } from '../core/db';

export const TALLY_SUBJECTS = ['members', 'subscriptions', 'invoices', 'transactions'] as const;
export type TallySubject = (typeof TALLY_SUBJECTS)[number];

export interface TallyRow {
  /** YYYY-MM-DD (created day, UTC), or null for members. */
  day: string | null;
  a: string | null;
  b: string | null;
  c: string | null;
  n: number;
  amount: number;
}

/** The sum of `n` over the tally rows that `pred` keeps. */
export function tallyCount(rows: readonly TallyRow[], pred: (r: TallyRow) => boolean = () => true): number {
  return rows.filter(pred).reduce((sum, r) => sum + r.n, 0);
}

/** Compact when the raw rows outnumber the groups by this much. */
const COMPACT_SLACK = 400;

export interface TallyDb extends Queryable {
  transaction?<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
}

/** Folds an organisation's rows of a subject into one row per group (serialised per organisation and subject). */
export async function compactTallies(db: TallyDb, orgId: string, subject: TallySubject): Promise<void> {
  const work = async (tx: Queryable) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`copilot_tallies:${orgId}:${subject}`]);
    await tx.query(
      `WITH gone AS (DELETE FROM copilot_tallies WHERE org_id = $1 AND subject = $2 RETURNING day, a, b, c, n, amount)
       INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
       SELECT $1, $2, day, a, b, c, sum(n), sum(amount) FROM gone GROUP BY day, a, b, c HAVING sum(n) <> 0 OR sum(amount) <> 0`,
      [orgId, subject],
    );
  };
  if (db.transaction) await db.transaction(work);
  else await work(db);
}

export interface TallyReadOptions {
  /**
   * Called instead of compacting when the rows have grown crowded: for a reader in a read-only
   * transaction (the billing overview's snapshot), which compacts with `compactTallies` afterwards.
   */
  onCrowded?: (subject: TallySubject) => void;
}

/**
 * The organisation's tallies of a subject, summed per group; days in [from, to) when given
 * (YYYY-MM-DD), and by day only when `byDay` (else `day` is null).
 */
export async function readTallies(
  db: TallyDb,
  orgId: string,
  subject: TallySubject,
  options: { from?: string; to?: string; byDay?: boolean } & TallyReadOptions = {},
): Promise<TallyRow[]> {
  const params: unknown[] = [orgId, subject];
  let where = 'org_id = $1 AND subject = $2';
  if (options.from !== undefined && options.to !== undefined) {
    params.push(options.from, options.to);
    where += ' AND day >= $3::date AND day < $4::date';
  }
  const day = options.byDay ? "to_char(day, 'YYYY-MM-DD')" : 'NULL::text';
  const { rows } = await db.query<TallyRow & { pieces: number; days: number }>(
    `SELECT ${day} AS day, a, b, c, sum(n)::int AS n, sum(amount)::float8 AS amount, count(*)::int AS pieces, count(DISTINCT day)::int AS days
       FROM copilot_tallies WHERE ${where}
      GROUP BY 1, a, b, c`,
    params,
  );
  // Compaction keeps one row per (day, a, b, c): compare with those groups, not with the rows of
  // this read (which sums the days), or a read over many days would compact, in vain, every time.
  const pieces = rows.reduce((sum, r) => sum + r.pieces, 0);
  const groups = rows.reduce((sum, r) => sum + Math.max(1, r.days), 0);
  if (pieces > groups * 4 + COMPACT_SLACK) {
    if (options.onCrowded) options.onCrowded(subject);
    else await compactTallies(db, orgId, subject);
  }
  return rows
    .filter((r) => r.n !== 0 || r.amount !== 0)
    .map(({ pieces: _p, days: _d, ...r }) => ({ ...r, n: Number(r.n), amount: Number(r.amount) }));
}
