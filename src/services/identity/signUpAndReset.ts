/**
 * The calls made before anyone is signed in: creating an account and confirming its email with the
 * emailed code, and resetting a forgotten password. Part of the identity service
 * (./identityService.ts), in a module of its own because none of them reads or changes the
 * service's state (the session, the sign-in challenge): each is one call to the pool, its input
 * checked first and its failure mapped to the SPEC §8 message (./signUpAndResetErrors.ts). The service fetches
 * this module when one of them is first called: it is not in the sign-in's JavaScript.
 */
import type { CognitoGateway } from './gateway';
import { IdentityError, REQUIRED_INPUT_MESSAGES } from './errors';
import {
  SIGN_UP_MESSAGES,
  confirmError,
  isAlreadyConfirmed,
  isHiddenResetRefusal,
  resendCodeError,
  resetConfirmError,
  resetRequestError,
  signUpError,
} from './signUpAndResetErrors';

interface SignUpParams {
  readonly email: string;
  readonly password: string;
  readonly phoneNumber: string;
  readonly organization: string;
  readonly fullName?: string;
}

export interface SignUpAndReset {
  signUp(params: SignUpParams): Promise<{ confirmationRequired: boolean }>;
  confirmSignUp(params: { email: string; code: string }): Promise<void>;
  /** Asks the pool to email a new sign-up confirmation code. */
  resendConfirmationCode(params: { email: string }): Promise<void>;
  /**
   * Asks the pool to email a password-reset code. Resolves the same way whether or not the account
   * exists (an unknown email is not revealed).
   */
  requestPasswordReset(params: { email: string }): Promise<void>;
  /** Sets a new password with the emailed reset code. */
  confirmPasswordReset(params: { email: string; code: string; newPassword: string }): Promise<void>;
}

/** `value` without the spaces around it, or refused with the SPEC §8 message for that empty field. */
function required(value: string, field: 'username' | 'code'): string {
  const trimmed = value.trim();
  if (trimmed === '') throw new IdentityError(REQUIRED_INPUT_MESSAGES[field], 'rejected');
  return trimmed;
}

/** One call to the pool: its failure as `failure` maps it, unless `ignored` says it is no failure here. */
async function attempt(
  call: () => Promise<unknown>,
  failure: (error: unknown) => IdentityError,
  ignored?: (error: unknown) => boolean,
): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (ignored?.(error)) return;
    throw failure(error);
  }
}

export function createSignUpAndReset(gateway: CognitoGateway): SignUpAndReset {
  return {
    async signUp({ email, password, phoneNumber, organization, fullName }) {
      const username = required(email, 'username');
      if (password === '') throw new IdentityError(REQUIRED_INPUT_MESSAGES.password, 'rejected');
      const attributes: Record<string, string> = {
        email: username,
        phone_number: phoneNumber,
        'custom:organization': organization,
      };
      if (fullName && fullName.trim() !== '') attributes.name = fullName.trim();
      let result: { userConfirmed: boolean } | undefined;
      try {
        result = await gateway.signUp({ username, password, attributes });
      } catch (error) {
        throw signUpError(error);
      }
      if (typeof result?.userConfirmed !== 'boolean') throw new IdentityError(SIGN_UP_MESSAGES.statusUnclear, 'rejected');
      return { confirmationRequired: !result.userConfirmed };
    },

    async confirmSignUp({ email, code }) {
      const username = required(email, 'username');
      const trimmed = required(code, 'code');
      await attempt(() => gateway.confirmSignUp(username, trimmed), confirmError, isAlreadyConfirmed);
    },

    async resendConfirmationCode({ email }) {
      const username = required(email, 'username');
      await attempt(() => gateway.resendConfirmationCode(username), resendCodeError);
    },

    async requestPasswordReset({ email }) {
      const username = required(email, 'username');
      await attempt(() => gateway.forgotPassword(username), resetRequestError, isHiddenResetRefusal);
    },

    async confirmPasswordReset({ email, code, newPassword }) {
      const username = required(email, 'username');
      const trimmed = required(code, 'code');
      if (newPassword === '') throw new IdentityError(REQUIRED_INPUT_MESSAGES.password, 'rejected');
      await attempt(() => gateway.confirmForgotPassword(username, trimmed, newPassword), resetConfirmError);
    },
  };
}
