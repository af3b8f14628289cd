/** User Management messages: the SPEC §8 fallbacks verbatim (picked with `messageOf` from ../shared). */

export const USERS_ERROR_TITLE = 'Error loading users';
export const FETCH_USERS_FALLBACK = 'Failed to fetch users';
export const UPDATE_LICENSE_FALLBACK = 'Failed to update user license';
export const UPDATE_STATUS_FALLBACK = 'Failed to update user status';
export const UPDATE_USER_FALLBACK = 'Failed to update user';
export const DELETE_USER_FALLBACK = 'Failed to delete user';
export const INVITE_USER_FALLBACK = 'Failed to invite user';
/** Restore from Recently deleted (not in the SPEC, worded like its fallbacks). */
export const RESTORE_USER_FALLBACK = 'Failed to restore user';
/** Said with a refused row change (409): the row was refreshed from the server. */
export const ROW_REFRESHED = 'The row now shows this member as they are.';
