import type { UserPoolAdmin } from '../../../server/core/module';

/** A user pool for apps whose modules never call it: every call fails, naming why it should not happen. */
export function userPoolNotUsed(why: string): UserPoolAdmin {
  const refuse = () => Promise.reject(new Error(why));
  return {
    temporaryPasswordValidityDays: 7,
    createUserWithTemporaryPassword: refuse,
    findAccount: refuse,
    resendInvitation: refuse,
    disableUser: refuse,
    enableUser: refuse,
    deleteUser: refuse,
    signOutEverywhere: refuse,
  };
}
