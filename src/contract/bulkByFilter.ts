/**
 * Bulk by filter (docs/USERS.md "Bulk changes by filter"), an extension of SPEC §7: the body of
 * `PATCH /api/users/bulk` may name the list's filter instead of `userIds`, and the change then
 * applies to every member that filter selects, on every page, in one transaction:
 *
 *   { "filter": { "search": "ana", "role": "Supervisor", "status": "active" }, "updates": { "hasLicense": false } }
 *
 * `filter` takes GET /api/users' `search`, `role` and `status`, with the same rules (an empty
 * filter selects every member). At most LIMITS.bulkByFilter members at once (400 otherwise, with
 * the count). The answer, for both forms, is `{ updated, changedIds }`: the members the change
 * named, and the ids of those it changed (a member already as asked is not among them), which is
 * what the console's Undo sends back by id.
 */
import * as v from 'valibot';
import { LIMITS } from '../domain/limits';
import { formatCount } from '../domain/intl';
import { BulkUpdateRequestSchema, ListUsersQuerySchema } from './users';

/** The list's filter as a bulk change names it: GET /api/users' search, role and status. */
export const MembersFilterSchema = v.strictObject(
  {
    search: ListUsersQuerySchema.entries.search,
    role: ListUsersQuerySchema.entries.role,
    // Recently deleted takes no bulk change: its members can only be restored, one by one.
    status: v.optional(
      v.picklist(['active', 'pending'], 'status must be active or pending (members in Recently deleted can only be restored)'),
    ),
  },
  'filter must be an object with only search, role and status',
);
export type MembersFilter = v.InferOutput<typeof MembersFilterSchema>;

/** PATCH /api/users/bulk by filter: `filter` instead of `userIds`, the same `updates`. */
export const BulkByFilterRequestSchema = v.strictObject(
  {
    filter: MembersFilterSchema,
    updates: BulkUpdateRequestSchema.entries.updates,
  },
  'a bulk change by filter may only contain filter and updates (send userIds or filter, not both)',
);
export type BulkByFilterRequest = v.InferInput<typeof BulkByFilterRequestSchema>;

/** 'This view has 1,501 members; a bulk change may change at most 1,500 at once. …' */
export function tooManyForBulkMessage(count: number): string {
  return `This view has ${formatCount(count)} members; a bulk change may change at most ${formatCount(LIMITS.bulkByFilter)} at once. Narrow the search or filters and try again.`;
}
