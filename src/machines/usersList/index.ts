export { usersListMachine, type UsersListActorRef, type UsersListEmitted, type UsersListSnapshot } from './usersListMachine';
export type { LoadUsersInput, UsersPage } from './page';
export { isSelectable } from './page';
export type { RowActionInput, RowActionResult } from '../rowChanges';
export * from './messages';
export { usersListImplementations } from './implementations';
export * from './selectors';
export { nextSort, sortDirectionOf } from './sorting';
/** The filter and role choices the users screen offers (SPEC §2), from the API contract. */
export { ROLES, USER_STATUS_FILTERS, type Role, type UserRoleFilter, type UserStatusFilter } from '../../contract/api';
export { bulkQuestion, type BulkRequest } from './bulk';
export * from './intents';
