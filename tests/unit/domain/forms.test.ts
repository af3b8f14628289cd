// @vitest-environment node
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  AddUserFormSchema,
  CancellationReasonSchema,
  ConfirmCodeFormSchema,
  NewPasswordFormSchema,
  QuestionSchema,
  SignInFormSchema,
  SignUpFormSchema,
  validate,
} from '../../../src/domain/forms';

const goodSignUp = {
  fullName: '  Dana Reyes ',
  email: 'dana@summit.test',
  phoneNumber: '(555) 123-4567',
  organization: 'Summit Builders',
  password: 'Hardline#2026',
  confirmPassword: 'Hardline#2026',
};

describe('sign in', () => {
  it('needs a valid email and a password', () => {
    expect(validate(SignInFormSchema, { username: 'nope', password: '' })).toEqual({
      ok: false,
      errors: { username: 'Please enter a valid email address', password: 'Password is required' },
    });
  });
  it('passes a valid pair through, email trimmed', () => {
    expect(validate(SignInFormSchema, { username: ' admin@hardline.test ', password: 'x' })).toEqual({
      ok: true,
      value: { username: 'admin@hardline.test', password: 'x' },
    });
  });
});

describe('sign up', () => {
  it('outputs trimmed text and the normalised phone', () => {
    const result = validate(SignUpFormSchema, goodSignUp);
    expect(result).toEqual({ ok: true, value: { ...goodSignUp, fullName: 'Dana Reyes', phoneNumber: '+15551234567' } });
  });

  it('gives the SPEC message of each required field', () => {
    const result = validate(SignUpFormSchema, {
      fullName: ' ',
      email: '',
      phoneNumber: '',
      organization: '',
      password: '',
      confirmPassword: '',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        fullName: 'Full name is required',
        email: 'Please enter a valid email address',
        phoneNumber: 'Phone number is required',
        organization: 'Organization is required',
        password: 'Password must be at least 8 characters',
        confirmPassword: 'Please confirm your password',
      },
    });
  });

  it.each(['call me', '+0 555 123 4567', '1234567890123456'])('refuses %j, invalid once normalised', (phoneNumber) => {
    const result = validate(SignUpFormSchema, { ...goodSignUp, phoneNumber });
    expect(result).toEqual({ ok: false, errors: { phoneNumber: 'Please enter a valid phone number (e.g., 5551234567 or +15551234567)' } });
  });

  it('shows the first broken password rule', () => {
    const result = validate(SignUpFormSchema, { ...goodSignUp, password: 'hardline2026', confirmPassword: 'hardline2026' });
    expect(result).toEqual({ ok: false, errors: { password: 'Password must contain at least one uppercase letter' } });
  });

  it("reports passwords that don't match on the confirm field", () => {
    const result = validate(SignUpFormSchema, { ...goodSignUp, confirmPassword: 'Hardline#2027' });
    expect(result).toEqual({ ok: false, errors: { confirmPassword: "Passwords don't match" } });
  });
});

describe('confirm code', () => {
  it.each([
    ['', 'Please enter the confirmation code'],
    ['1234567', 'The confirmation code has at most 6 digits'],
    ['12a4', 'The confirmation code contains digits only'],
  ])('%j → %s', (code, message) => {
    expect(validate(ConfirmCodeFormSchema, { code })).toEqual({ ok: false, errors: { code: message } });
  });
  it('accepts up to six digits', () => {
    expect(validate(ConfirmCodeFormSchema, { code: ' 123456 ' })).toEqual({ ok: true, value: { code: '123456' } });
  });
});

describe('new password', () => {
  it('applies the password rules and the confirmation', () => {
    expect(validate(NewPasswordFormSchema, { password: 'Hardline2026', confirmPassword: '' })).toEqual({
      ok: false,
      errors: { password: 'Password must contain at least one special character', confirmPassword: 'Please confirm your password' },
    });
    expect(validate(NewPasswordFormSchema, { password: 'Hardline#2026', confirmPassword: 'Hardline#2026' }).ok).toBe(true);
  });
});

describe('the passwords are compared once both are text', () => {
  const messages = (schema: typeof SignUpFormSchema | typeof NewPasswordFormSchema, values: Record<string, unknown>) =>
    (v.safeParse(schema, values).issues ?? []).map((issue) => `${v.getDotPath(issue) ?? 'form'}: ${issue.message}`);
  const pair = { password: 'Hardline#2026', confirmPassword: 'Hardline#2027' };

  it.each([
    ['sign up', SignUpFormSchema, goodSignUp],
    ['new password', NewPasswordFormSchema, {}],
  ] as const)('%s: a field that is not text gets its own message, not a mismatch', (_, schema, rest) => {
    for (const values of [
      { ...rest, ...pair, password: 42 },
      { ...rest, ...pair, confirmPassword: undefined },
    ]) {
      expect(messages(schema, values), JSON.stringify(values)).not.toContainEqual(expect.stringContaining("Passwords don't match"));
      expect(messages(schema, values)).toHaveLength(1);
    }
  });

  it("sign up: a mismatch is reported beside another field's problem, one that is not text too", () => {
    expect(messages(SignUpFormSchema, { ...goodSignUp, ...pair, email: 'nope' })).toEqual([
      'email: Please enter a valid email address',
      "confirmPassword: Passwords don't match",
    ]);
    expect(messages(SignUpFormSchema, { ...goodSignUp, ...pair, fullName: 42 })).toEqual([
      'fullName: Invalid type: Expected string but received 42',
      "confirmPassword: Passwords don't match",
    ]);
  });

  it('new password: a mismatch is reported beside a broken password rule', () => {
    expect(messages(NewPasswordFormSchema, { password: 'Hardline2026', confirmPassword: 'Hardline2027' })).toEqual([
      'password: Password must contain at least one special character',
      "confirmPassword: Passwords don't match",
    ]);
  });
});

describe('text fields refuse tabs and other control characters, naming the field', () => {
  it('sign up: full name and organization', () => {
    expect(validate(SignUpFormSchema, { ...goodSignUp, fullName: 'Dana\u0000Reyes', organization: 'Summit\tBuilders' })).toEqual({
      ok: false,
      errors: {
        fullName: 'Full name must not contain tabs or other control characters',
        organization: 'Organization must not contain tabs or other control characters',
      },
    });
  });

  it('add user: the name', () => {
    expect(validate(AddUserFormSchema, { name: 'Lee\nPark', email: 'lee@summit.test', phoneNumber: '5559876543' })).toEqual({
      ok: false,
      errors: { name: 'Name must not contain tabs or other control characters' },
    });
  });

  it('but trims the spaces, tabs and line breaks around the text first', () => {
    expect(validate(AddUserFormSchema, { name: '\tLee Park\n', email: ' lee@summit.test\n', phoneNumber: ' 5559876543\t' })).toEqual({
      ok: true,
      value: { name: 'Lee Park', email: 'lee@summit.test', phoneNumber: '+15559876543' },
    });
  });
});

describe('the new-password schema', () => {
  it('refuses a password that is not text once, as not text, rather than with every password rule', () => {
    const issues = v.safeParse(NewPasswordFormSchema, { password: 12345678, confirmPassword: 'x' }).issues ?? [];
    expect(issues.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([
      ['password', 'Invalid type: Expected string but received 12345678'],
    ]);
  });

  it('lists every broken password rule, in SPEC order (the form shows the first)', () => {
    const issues = v.safeParse(NewPasswordFormSchema, { password: 'abc', confirmPassword: 'abc' }).issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual([
      'Password must be at least 8 characters',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);
  });
});

describe('the cancellation reason and the question', () => {
  it('are optional text, trimmed', () => {
    expect(validate(CancellationReasonSchema, '  Too expensive \n')).toEqual({ ok: true, value: 'Too expensive' });
    expect(validate(CancellationReasonSchema, '')).toEqual({ ok: true, value: '' });
    expect(validate(QuestionSchema, '  How many calls this week? ')).toEqual({ ok: true, value: 'How many calls this week?' });
  });
});

describe('add user', () => {
  it('requires name, email and phone', () => {
    expect(validate(AddUserFormSchema, { name: '', email: '', phoneNumber: '' })).toEqual({
      ok: false,
      errors: { name: 'Name is required', email: 'Email is required', phoneNumber: 'Phone number is required' },
    });
  });
  it('refuses a bad email and an invalid phone with the SPEC messages', () => {
    expect(validate(AddUserFormSchema, { name: 'Lee', email: 'lee@', phoneNumber: '+0123' })).toEqual({
      ok: false,
      errors: {
        email: 'Please enter a valid email address',
        phoneNumber: 'Please enter a valid phone number (e.g., 5551234567 or +15551234567)',
      },
    });
  });
  it('outputs the normalised phone', () => {
    expect(validate(AddUserFormSchema, { name: ' Lee Park ', email: 'lee@summit.test', phoneNumber: '1-555-987-6543' })).toEqual({
      ok: true,
      value: { name: 'Lee Park', email: 'lee@summit.test', phoneNumber: '+15559876543' },
    });
  });
});

describe('validate', () => {
  it('reports a value that is not an object under form', () => {
    const result = validate(SignInFormSchema, null);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.form).toEqual(expect.any(String));
  });
});
