/**
 * The activity machine's context, events and input (./activityMachine.ts), its messages, and what
 * its filters ask GET /api/audit and the export for.
 */
import { DEFAULT_PAGE_SIZE } from '../../contract/api';
import type { AuditEntry, AuditFilters, AuditQuery } from '../../contract/audit';
import { LIMITS } from '../../domain/limits';
import type { UrlChanged } from '../urlView';
import type { ActivityKindFilter } from './describe';

export interface ActivityInput {
  /** One member's trail (the billing page's card): fixed by the input, and kept out of the URL. */
  memberId?: string;
  /** Entries a page (default 25, at most LIMITS.pageSize). */
  limit?: number;
}

export interface ActivityContext {
  /** The view lives in the URL (the Activity screen); false for a trail opened for one member. */
  followsUrl: boolean;
  page: number;
  limit: number;
  kind: ActivityKindFilter;
  memberId: string | null;
  /** The filtered member's name for the chip: the name clicked, else the one the entries give. */
  memberName: string | null;
  /** Who made the changes shown (an administrator's member id), or null for anyone. */
  actorId: string | null;
  /** Their name for the chip, as for the member. */
  actorName: string | null;
  /** First and last day shown (YYYY-MM-DD, both included, in the administrator's time zone), or null. */
  from: string | null;
  to: string | null;
  /** Why the dates last chosen were not applied ('To' before 'From'), until dates are chosen again. */
  dateError: string | null;
  /** Why the last export failed, until the next one starts. */
  exportError: string | null;
  entries: AuditEntry[];
  total: number;
  /** A page has arrived at least once (before that, the list shows placeholders). */
  hasLoaded: boolean;
  error: string | null;
}

export type ActivityEvent =
  | { type: 'activity.filterKind'; kind: ActivityKindFilter }
  | { type: 'activity.filterMember'; memberId: string; name: string }
  | { type: 'activity.clearMember' }
  /** A click on who made a change: that administrator's changes. */
  | { type: 'activity.filterActor'; memberId: string; name: string }
  | { type: 'activity.clearActor' }
  /** The date range as the two fields have it (null: that end open). */
  | { type: 'activity.filterDates'; from: string | null; to: string | null }
  /** Every filter off (page 1). */
  | { type: 'activity.clearFilters' }
  /** Export CSV: every entry the filters select. */
  | { type: 'activity.export' }
  | { type: 'activity.goToPage'; page: number }
  | { type: 'activity.retry' }
  /** Read the trail again as it is filtered (the page around it has changed what it shows). */
  | { type: 'activity.refresh' }
  /** The address changed (the trail opened, or Back / Forward): `query` is its query string. */
  | UrlChanged<'activity.urlChanged'>;

/** What the filters select, as GET /api/audit and the export take them (the time zone is the implementation's). */
export type ActivityFilters = Omit<AuditFilters, 'timeZone'>;
/** What one load asks GET /api/audit for. */
export type LoadActivityInput = Required<Pick<AuditQuery, 'page' | 'limit'>> & ActivityFilters;

/** The error box's title when a page of the trail does not load (the message is the API's). */
export const ACTIVITY_ERROR_TITLE = 'Error loading activity';
/** The message when the failure gave none. */
export const ACTIVITY_FALLBACK_ERROR = 'Could not load the activity';
/** Why a date range is not applied. */
export const ACTIVITY_DATES_BACKWARDS = "The 'To' date is before the 'From' date. Choose a 'To' date on or after it.";

/** Entries a page: the input's whole number, within 1 and LIMITS.pageSize; the default without one. */
export function limitOf(limit: number = DEFAULT_PAGE_SIZE): number {
  if (!Number.isInteger(limit)) return DEFAULT_PAGE_SIZE;
  return Math.min(Math.max(limit, 1), LIMITS.pageSize);
}

/** The filters that are on (an empty object for the whole trail). */
export function filtersOf(context: ActivityContext): ActivityFilters {
  return {
    ...(context.memberId !== null ? { memberId: context.memberId } : {}),
    ...(context.actorId !== null ? { actorId: context.actorId } : {}),
    ...(context.kind !== 'all' ? { kind: context.kind } : {}),
    ...(context.from !== null ? { from: context.from } : {}),
    ...(context.to !== null ? { to: context.to } : {}),
  };
}

export function loadInputOf(context: ActivityContext): LoadActivityInput {
  return { page: context.page, limit: context.limit, ...filtersOf(context) };
}

/** Every filter off. */
export const NO_FILTERS = { kind: 'all', memberId: null, memberName: null, actorId: null, actorName: null, from: null, to: null } as const;
