export {
  usersListMachine,
  adjustStats,
  rowKey,
  SEARCH_DEBOUNCE_MS,
  type BulkUpdates,
  type LoadUsersInput,
  type RowActionInput,
  type RowActionKind,
  type RowActionResult,
  type UsersListActorRef,
  type UsersListContext,
  type UsersListEmitted,
  type UsersListEvent,
  type UsersListInput,
  type UsersListMachine,
  type UsersListSnapshot,
  type UsersPage,
} from './usersListMachine';
export * from './messages';
export { usersListImplementations } from './implementations';
export * from './selectors';
/** The filter and role choices the users screen offers (SPEC §2), from the API contract. */
export { ROLES, USER_STATUS_FILTERS, type Role, type UserRoleFilter, type UserStatusFilter } from '../../contract/api';
