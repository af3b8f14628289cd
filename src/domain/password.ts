/**
 * Password rules of SPEC §5 (sign-up and new password), in the order their messages are shown.
 * `PASSWORD_RULES` drives both validation (src/domain/forms.ts) and a live checklist in a view.
 */

const PASSWORD_MIN_LENGTH = 8;

export const CONFIRM_PASSWORD_REQUIRED_MESSAGE = 'Please confirm your password';
export const PASSWORDS_DONT_MATCH_MESSAGE = "Passwords don't match";

/**
 * The special characters the hosted user pool (Amazon Cognito) accepts, so that a password this
 * console accepts is never refused by the identity service:
 * ^ $ * . [ ] { } ( ) ? - " ! @ # % & / \ , > < ' : ; | _ ~ ` + =
 */
const PASSWORD_SPECIAL_CHARACTERS = '^$*.[]{}()?-"!@#%&/\\,><\':;|_~`+=';

type PasswordRuleId = 'length' | 'uppercase' | 'lowercase' | 'number' | 'special';

export interface PasswordRule {
  readonly id: PasswordRuleId;
  /** Short text for a checklist. */
  readonly label: string;
  /** The SPEC §5 message shown when the rule is not met. */
  readonly message: string;
  readonly test: (password: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
    test: (p) => Array.from(p).length >= PASSWORD_MIN_LENGTH,
  },
  {
    id: 'uppercase',
    label: 'One uppercase letter',
    message: 'Password must contain at least one uppercase letter',
    test: (p) => /[A-Z]/.test(p),
  },
  {
    id: 'lowercase',
    label: 'One lowercase letter',
    message: 'Password must contain at least one lowercase letter',
    test: (p) => /[a-z]/.test(p),
  },
  {
    id: 'number',
    label: 'One number',
    message: 'Password must contain at least one number',
    test: (p) => /[0-9]/.test(p),
  },
  {
    id: 'special',
    label: 'One special character',
    message: 'Password must contain at least one special character',
    test: (p) => Array.from(p).some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)),
  },
];

export interface PasswordRuleResult {
  readonly id: PasswordRuleId;
  readonly label: string;
  readonly message: string;
  readonly met: boolean;
}

/** Every rule with whether `password` meets it (for a live checklist). */
export function checkPassword(password: string): PasswordRuleResult[] {
  return PASSWORD_RULES.map(({ id, label, message, test }) => ({ id, label, message, met: test(password) }));
}

/** The messages of the rules `password` breaks, in SPEC order; empty when it is acceptable. */
export function passwordErrors(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}

export function isStrongPassword(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

/** The confirm-password message for a pair, or null when it is fine. */
export function confirmPasswordError(password: string, confirmation: string): string | null {
  if (confirmation === '') return CONFIRM_PASSWORD_REQUIRED_MESSAGE;
  if (confirmation !== password) return PASSWORDS_DONT_MATCH_MESSAGE;
  return null;
}
