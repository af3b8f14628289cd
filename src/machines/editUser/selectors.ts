import type { User } from '../../services/api/schemas';
import type { EditUserErrors, EditUserSnapshot } from './editUserMachine';

export const selectIsSaving = (snapshot: EditUserSnapshot): boolean => snapshot.hasTag('pending');
export const selectEditUserError = (snapshot: EditUserSnapshot): string | null => snapshot.context.error;
export const selectEditUserFieldErrors = (snapshot: EditUserSnapshot): EditUserErrors => snapshot.context.fieldErrors;
export const selectEditedUser = (snapshot: EditUserSnapshot): User => snapshot.context.user;
