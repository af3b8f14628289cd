/**
 * The users list query: organisation scope, search over name, email and phone, role and status
 * filters, newest first. Search is substring matching on two generated columns with trigram (GIN)
 * indexes, so it stays indexed at any size: `search_text` (lower-cased name and email) and
 * `phone_digits` (the phone's digits, so "(555) 01" or "555 01" match +1 555 01xx...).
 */

export interface ListFilter {
  orgId: string;
  search?: string | undefined;
  role?: string | undefined;
  status?: 'active' | 'pending' | 'deleted' | undefined;
}

/**
 * Where a filter's members are read from: `members` (the view of the members not deleted,
 * server/migrations/0013.do.recently-deleted.sql), or for Recently deleted the table itself.
 */
export function sourceOf(filter: Pick<ListFilter, 'status'>): 'members' | 'member_rows' {
  return filter.status === 'deleted' ? 'member_rows' : 'members';
}

/** Escapes LIKE wildcards so a search for "50%" or "a_b" matches those characters literally. */
function likePattern(fragment: string): string {
  return `%${fragment.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * The digits of a search that looks like a phone fragment ("(555) 01", "+1 555", "555-01"), else
 * null: a search of punctuation alone ("()") has no digits, and is searched as text.
 */
function phoneDigitsOf(search: string): string | null {
  return /^[\d\s()+.-]*\d[\d\s()+.-]*$/.test(search) ? search.replace(/\D/g, '') : null;
}

/** WHERE clause and parameters for a filter (parameters start at $1). */
export function whereOf(filter: ListFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [filter.orgId];
  const clauses = ['org_id = $1'];
  const search = filter.search?.trim().toLowerCase() ?? '';
  if (search !== '') {
    params.push(likePattern(search));
    const textClause = `search_text LIKE $${params.length}`;
    const digits = phoneDigitsOf(search);
    if (digits) {
      params.push(likePattern(digits));
      clauses.push(`(${textClause} OR phone_digits LIKE $${params.length})`);
    } else {
      clauses.push(textClause);
    }
  }
  if (filter.role) {
    params.push(filter.role);
    clauses.push(`role = $${params.length}`);
  }
  if (filter.status === 'deleted') clauses.push('deleted_at IS NOT NULL');
  else if (filter.status) clauses.push(filter.status === 'active' ? 'is_active' : 'NOT is_active');
  return { sql: clauses.join(' AND '), params };
}
