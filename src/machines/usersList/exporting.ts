/**
 * Export CSV (README, issue 14): what the list's `export` region asks of its `exportMembers` actor
 * and what it does with the answer. The actor asks the API for a one-time link to the members the
 * list's filters and sort select (every page); the machine then hands that link to `openDownload`,
 * and the browser's download manager fetches the file (an attachment: the page stays).
 */
import type { UserRoleFilter, UserSort, UserStatusFilter } from '../../contract/api';
import { messageOf } from '../shared';

export interface ExportMembersInput {
  search: string;
  status: UserStatusFilter;
  role: UserRoleFilter;
  sort: UserSort;
}

export interface ExportedFile {
  /** Absolute: the API's base URL and the link's path. Valid once, for a minute, without a token. */
  url: string;
  fileName: string;
}

/** The export selects what the list shows: the same filters and order (the search as sent). */
export function exportInputOf(list: ExportMembersInput): ExportMembersInput {
  return { search: list.search.trim(), status: list.status, role: list.role, sort: list.sort };
}

/** The error toast of a failed export. */
export function exportFailedMessage(error: unknown): string {
  return `Export failed: ${messageOf(error)}`;
}
