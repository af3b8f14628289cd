/**
 * The forms of the console as valibot schemas, with the messages of SPEC §5 verbatim.
 *
 * A view keeps field values until submit and may call `validate` for inline errors; the machine
 * validates the submitted payload again with the same schema and owns the resulting messages.
 * Outputs are what the services need: trimmed text and the normalised (E.164) phone number.
 */
import * as v from 'valibot';
import { PHONE_INVALID_MESSAGE, isValidPhone, normalizePhone } from './phone';
import { CONFIRM_PASSWORD_REQUIRED_MESSAGE, PASSWORDS_DONT_MATCH_MESSAGE, passwordErrors } from './password';
import { LIMITS, hasControlCharacters, hasInvisibleFormatting, invisibleFormattingMessage, tooLongMessage } from './limits';

const EMAIL_INVALID_MESSAGE = 'Please enter a valid email address';
const EMAIL_REQUIRED_MESSAGE = 'Email is required';
const PASSWORD_REQUIRED_MESSAGE = 'Password is required';
const FULL_NAME_REQUIRED_MESSAGE = 'Full name is required';
const NAME_REQUIRED_MESSAGE = 'Name is required';
const PHONE_REQUIRED_MESSAGE = 'Phone number is required';
const ORGANIZATION_REQUIRED_MESSAGE = 'Organization is required';
const CODE_REQUIRED_MESSAGE = 'Please enter the confirmation code';
const CODE_LENGTH_MESSAGE = 'The confirmation code has at most 6 digits';
const CODE_DIGITS_MESSAGE = 'The confirmation code contains digits only';

// Lengths (src/domain/limits.ts: the numbers the API contract enforces too).
export const FULL_NAME_TOO_LONG_MESSAGE = tooLongMessage('Full name', LIMITS.name);
export const NAME_TOO_LONG_MESSAGE = tooLongMessage('Name', LIMITS.name);
export const EMAIL_TOO_LONG_MESSAGE = tooLongMessage('Email', LIMITS.email);
export const PHONE_TOO_LONG_MESSAGE = tooLongMessage('Phone number', LIMITS.phone);
export const ORGANIZATION_TOO_LONG_MESSAGE = tooLongMessage('Organization', LIMITS.organization);
export const CANCELLATION_REASON_TOO_LONG_MESSAGE = tooLongMessage('Cancellation reason', LIMITS.cancellationReason);
export const QUESTION_TOO_LONG_MESSAGE = tooLongMessage('Question', LIMITS.question);

/** 'Full name must not contain tabs or other control characters' (the API refuses them). */
function controlCharactersMessage(label: string): string {
  return `${label} must not contain tabs or other control characters`;
}

/** SPEC §9: confirmation code length. */
export const CONFIRMATION_CODE_LENGTH = 6;

const Email = v.pipe(v.string(), v.trim(), v.maxLength(LIMITS.email, EMAIL_TOO_LONG_MESSAGE), v.email(EMAIL_INVALID_MESSAGE));

/**
 * A required name of at most `max` characters (after trimming), without control characters, nor
 * anything invisible that changes how it reads (bidi overrides, zero-width characters, C1 controls:
 * the API's contract refuses the same).
 */
const RequiredText = (label: string, requiredMessage: string, max: number, tooLong: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, requiredMessage),
    v.maxLength(max, tooLong),
    v.check((text: string) => !hasControlCharacters(text), controlCharactersMessage(label)),
    v.check((text: string) => !hasInvisibleFormatting(text), invisibleFormattingMessage(label)),
  );

/** Required, at most LIMITS.phone characters as typed, then normalised (SPEC §5), then valid: the output is the E.164 number. */
const Phone = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, PHONE_REQUIRED_MESSAGE),
  v.maxLength(LIMITS.phone, PHONE_TOO_LONG_MESSAGE),
  v.transform(normalizePhone),
  v.check(isValidPhone, PHONE_INVALID_MESSAGE),
);

/** Every broken password rule as an issue, in SPEC order (the first is the one shown). */
const NewPassword = v.pipe(
  v.string(),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const message of passwordErrors(dataset.value)) addIssue({ message });
  }),
);

const ConfirmPassword = v.pipe(v.string(), v.minLength(1, CONFIRM_PASSWORD_REQUIRED_MESSAGE));

type PasswordPair = { password: string; confirmPassword: string };

/** The confirm field must equal the password ("Passwords don't match"), reported on confirmPassword. */
const matches = (input: PasswordPair) => input.password === input.confirmPassword;
/**
 * The fields `matches` reads: valibot's partialCheck compares them once both are text (while one is
 * not, its own message says so), even when a password rule or another field is broken.
 */
const PASSWORD_PAIR = [['password'], ['confirmPassword']] as const;

export const SignInFormSchema = v.object({
  username: Email,
  password: v.pipe(v.string(), v.minLength(1, PASSWORD_REQUIRED_MESSAGE)),
});
export type SignInForm = v.InferInput<typeof SignInFormSchema>;
export type SignInValues = v.InferOutput<typeof SignInFormSchema>;

export const SignUpFormSchema = v.pipe(
  v.object({
    fullName: RequiredText('Full name', FULL_NAME_REQUIRED_MESSAGE, LIMITS.name, FULL_NAME_TOO_LONG_MESSAGE),
    email: Email,
    phoneNumber: Phone,
    organization: RequiredText('Organization', ORGANIZATION_REQUIRED_MESSAGE, LIMITS.organization, ORGANIZATION_TOO_LONG_MESSAGE),
    password: NewPassword,
    confirmPassword: ConfirmPassword,
  }),
  v.forward(v.partialCheck(PASSWORD_PAIR, matches, PASSWORDS_DONT_MATCH_MESSAGE), ['confirmPassword']),
);
export type SignUpForm = v.InferInput<typeof SignUpFormSchema>;
export type SignUpValues = v.InferOutput<typeof SignUpFormSchema>;

export const ConfirmCodeFormSchema = v.object({
  code: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, CODE_REQUIRED_MESSAGE),
    v.maxLength(CONFIRMATION_CODE_LENGTH, CODE_LENGTH_MESSAGE),
    v.regex(/^\d+$/, CODE_DIGITS_MESSAGE),
  ),
});
export type ConfirmCodeForm = v.InferInput<typeof ConfirmCodeFormSchema>;

export const NewPasswordFormSchema = v.pipe(
  v.object({
    password: NewPassword,
    confirmPassword: ConfirmPassword,
  }),
  v.forward(v.partialCheck(PASSWORD_PAIR, matches, PASSWORDS_DONT_MATCH_MESSAGE), ['confirmPassword']),
);
export type NewPasswordForm = v.InferInput<typeof NewPasswordFormSchema>;

/** The Add User modal: name, email and phone required (SPEC §5); the phone comes out normalised. */
export const AddUserFormSchema = v.object({
  name: RequiredText('Name', NAME_REQUIRED_MESSAGE, LIMITS.name, NAME_TOO_LONG_MESSAGE),
  email: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, EMAIL_REQUIRED_MESSAGE),
    v.maxLength(LIMITS.email, EMAIL_TOO_LONG_MESSAGE),
    v.email(EMAIL_INVALID_MESSAGE),
  ),
  phoneNumber: Phone,
});

/** The Manage Subscription modal's optional cancellation reason (SPEC §5), trimmed. */
export const CancellationReasonSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(LIMITS.cancellationReason, CANCELLATION_REASON_TOO_LONG_MESSAGE),
);

/** A question to the Assistant, trimmed (a blank one is ignored by the chat, not refused). */
export const QuestionSchema = v.pipe(v.string(), v.trim(), v.maxLength(LIMITS.question, QUESTION_TOO_LONG_MESSAGE));

type AnySchema = v.GenericSchema;

/** One message per field (the first issue of that field); `form` holds issues without a field. */
export type FormErrors<S extends AnySchema> = Partial<Record<(keyof v.InferInput<S> & string) | 'form', string>>;

export type ValidationResult<S extends AnySchema> = { ok: true; value: v.InferOutput<S> } | { ok: false; errors: FormErrors<S> };

export function validate<S extends AnySchema>(schema: S, values: unknown): ValidationResult<S> {
  const result = v.safeParse(schema, values);
  if (result.success) return { ok: true, value: result.output };
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? 'form';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return { ok: false, errors: errors as FormErrors<S> };
}
