/**
 * The trail's filters as SQL (GET /api/audit and its CSV export): every one an equality or a range
 * on an indexed column, combined with AND (server/migrations/0002 and 0014: the organisation's
 * trail, one member's, one kind's, one actor's, each newest first).
 *
 * `from` and `to` are calendar days in the administrator's time zone (UTC when the console sends
 * none): the range is from the instant `from` begins there up to the instant the day after `to`
 * begins, so both days are whole, clock changes included.
 */
import type { AuditFilters } from '../../src/contract/audit';
import { startOfDay } from '../copilot/time/zone';

const DAY_MS = 86_400_000;

function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** The WHERE clause of the organisation's trail filtered so (`$1` the organisation), and its parameters. */
export function auditWhere(orgId: string, filters: AuditFilters): { sql: string; params: unknown[] } {
  const params: unknown[] = [orgId];
  const conditions = ['org_id = $1'];
  const zone = filters.timeZone ?? 'UTC';
  if (filters.memberId !== undefined) conditions.push(`member_id = $${params.push(filters.memberId)}`);
  if (filters.actorId !== undefined) conditions.push(`actor_id = $${params.push(filters.actorId)}`);
  if (filters.kind !== undefined) conditions.push(`kind = $${params.push(filters.kind)}`);
  if (filters.from !== undefined) conditions.push(`created_at >= $${params.push(startOfDay(filters.from, zone))}`);
  if (filters.to !== undefined) conditions.push(`created_at < $${params.push(startOfDay(dayAfter(filters.to), zone))}`);
  return { sql: conditions.join(' AND '), params };
}
