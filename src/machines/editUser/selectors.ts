import type { User } from '../../contract/api';
import type { EditUserErrors, EditUserSnapshot } from './editUserMachine';

/** A request is on its way (saving, or reading the member again after a conflict): the form waits. */
export const selectIsBusy = (snapshot: EditUserSnapshot): boolean => snapshot.hasTag('pending');
export const selectIsSaving = (snapshot: EditUserSnapshot): boolean => snapshot.matches('saving');
export const selectEditUserError = (snapshot: EditUserSnapshot): string | null => snapshot.context.error;
/** The last save was refused because someone else changed the member: the dialog says what saving again does. */
export const selectHasConflict = (snapshot: EditUserSnapshot): boolean => snapshot.context.conflict;
export const selectEditUserFieldErrors = (snapshot: EditUserSnapshot): EditUserErrors => snapshot.context.fieldErrors;
export const selectEditedUser = (snapshot: EditUserSnapshot): User => snapshot.context.user;
