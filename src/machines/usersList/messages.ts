/** User Management messages: the SPEC §8 fallbacks verbatim, and the rule that picks one. */

export const USERS_ERROR_TITLE = 'Error loading users';
export const FETCH_USERS_FALLBACK = 'Failed to fetch users';
export const UPDATE_LICENSE_FALLBACK = 'Failed to update user license';
export const UPDATE_STATUS_FALLBACK = 'Failed to update user status';
export const UPDATE_USER_FALLBACK = 'Failed to update user';
export const DELETE_USER_FALLBACK = 'Failed to delete user';
export const INVITE_USER_FALLBACK = 'Failed to invite user';
/** Said with a refused row change (409): the row was refreshed from the server. */
export const ROW_REFRESHED = 'The row now shows this member as they are.';

/** The error's own message when it has one (the server's `message`), else the fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
}
