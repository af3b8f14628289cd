import type { AddUserErrors, AddUserSnapshot } from './addUserMachine';

export const selectIsSubmitting = (snapshot: AddUserSnapshot): boolean => snapshot.hasTag('pending');
export const selectAddUserError = (snapshot: AddUserSnapshot): string | null => snapshot.context.error;
export const selectAddUserFieldErrors = (snapshot: AddUserSnapshot): AddUserErrors => snapshot.context.fieldErrors;
