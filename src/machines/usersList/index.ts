export {
  usersListMachine,
  type LoadUsersInput,
  type RowActionInput,
  type RowActionResult,
  type UsersListActorRef,
  type UsersListEmitted,
  type UsersListSnapshot,
  type UsersPage,
} from './usersListMachine';
export * from './messages';
export { usersListImplementations } from './implementations';
export * from './selectors';
/** The filter and role choices the users screen offers (SPEC §2), from the API contract. */
export { ROLES, USER_STATUS_FILTERS, type Role, type UserRoleFilter, type UserStatusFilter } from '../../contract/api';
