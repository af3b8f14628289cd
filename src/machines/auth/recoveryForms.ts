/**
 * The forms of the recovery flows, built from the domain's schemas (src/domain/forms.ts) so the
 * SPEC §5 messages are the same ones: the email of Sign In, the code of Confirm Email, the new
 * password and its confirmation of Set New Password.
 */
import * as v from 'valibot';
import { ConfirmCodeFormSchema, NewPasswordFormSchema, SignInFormSchema, validate } from '../../domain/forms';

export const ResetEmailSchema = v.object({ email: SignInFormSchema.entries.username });

export interface ResetPasswordForm {
  code: string;
  password: string;
  confirmPassword: string;
}

/** The field errors of the code step (code, password, confirmPassword), or null when it is valid. */
export function resetPasswordErrors(form: ResetPasswordForm): Partial<Record<keyof ResetPasswordForm | 'form', string>> | null {
  const code = validate(ConfirmCodeFormSchema, { code: form.code });
  const passwords = validate(NewPasswordFormSchema, { password: form.password, confirmPassword: form.confirmPassword });
  if (code.ok && passwords.ok) return null;
  return { ...(code.ok ? {} : code.errors), ...(passwords.ok ? {} : passwords.errors) };
}

const MFA_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';

/** The authenticator app's code: exactly 6 digits (spaces pasted around it are trimmed). */
export const MfaCodeSchema = v.object({
  code: v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, MFA_CODE_MESSAGE)),
});
