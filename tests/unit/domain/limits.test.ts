// @vitest-environment node
/**
 * The limits table (src/domain/limits.ts) as the contract (src/contract/api.ts) and the
 * console's forms (src/domain/forms.ts) apply it: a value at a limit passes, one character more is
 * refused with the message naming the field; control characters and lone surrogates are refused.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  LIMITS,
  REQUEST_BODY_TOO_LARGE_MESSAGE,
  hasControlCharacters,
  hasLoneSurrogate,
  isNearLimit,
  tooLongMessage,
} from '../../../src/domain/limits';
import { AddUserFormSchema, CancellationReasonSchema, QuestionSchema, SignUpFormSchema, validate } from '../../../src/domain/forms';
import {
  BulkUpdateRequestSchema,
  CancelSubscriptionRequestSchema,
  CompleteSignupRequestSchema,
  CompleteSubscriptionRequestSchema,
  CopilotAskRequestSchema,
  CreateUserRequestSchema,
  IdParamSchema,
  ListUsersQuerySchema,
  UserIdRequestSchema,
} from '../../../src/contract/api';

const x = (n: number) => 'x'.repeat(n);
const emailOf = (length: number) => `${x(length - '@example.com'.length)}@example.com`;
const phoneOf = (length: number) => `+1${'5'.repeat(length - 2)}`;

/** The first message of a failed parse, or null when it passes. */
function firstMessage(schema: v.GenericSchema, value: unknown): string | null {
  const result = v.safeParse(schema, value);
  return result.success ? null : (result.issues[0]?.message ?? '?');
}

describe('the table', () => {
  it('holds the numbers of the issue', () => {
    expect(LIMITS).toMatchObject({
      name: 100,
      organization: 100,
      email: 254,
      phone: 20,
      cancellationReason: 500,
      question: 2000,
      requestBodyBytes: 65_536,
    });
    expect(tooLongMessage('Name', 100)).toBe('Name must be at most 100 characters');
    expect(tooLongMessage('Question', 2000)).toBe('Question must be at most 2,000 characters');
    expect(REQUEST_BODY_TOO_LARGE_MESSAGE).toBe('The request body is too large (limit 64 kB).');
  });

  it('finds control characters (line breaks allowed on request) and lone surrogates', () => {
    expect(hasControlCharacters('Ana Diaz 👷')).toBe(false);
    for (const bad of ['\u0000', 'a\u0007', '\u001f', '\u007f', 'a\tb', 'a\nb'])
      expect(hasControlCharacters(bad), JSON.stringify(bad)).toBe(true);
    expect(hasControlCharacters('line one\r\n\tline two', { allowLineBreaks: true })).toBe(false);
    expect(hasControlCharacters('a\u0000', { allowLineBreaks: true })).toBe(true);
    expect(hasLoneSurrogate('👷🏽 ok')).toBe(false);
    expect(hasLoneSurrogate('\ud800')).toBe(true);
    expect(hasLoneSurrogate('x\udc00')).toBe(true);
    expect(hasLoneSurrogate('\ud83d\ud83d')).toBe(true);
    expect(hasLoneSurrogate('\udfff')).toBe(true);
    expect(hasLoneSurrogate('\ud7ff\ue000 \uffff')).toBe(false);
  });

  it('counts from the last tenth of a limit (at least the last two characters)', () => {
    expect(isNearLimit(89, 100)).toBe(false);
    expect(isNearLimit(90, 100)).toBe(true);
    expect(isNearLimit(17, 20)).toBe(false);
    expect(isNearLimit(18, 20)).toBe(true);
    expect(isNearLimit(1799, 2000)).toBe(false);
    expect(isNearLimit(1800, 2000)).toBe(true);
    expect(isNearLimit(150, 100)).toBe(true);
  });

  it('rounds a tenth that is not whole up (254: the last 26), and shows the last two characters of a short field', () => {
    expect(isNearLimit(227, 254)).toBe(false);
    expect(isNearLimit(228, 254)).toBe(true);
    expect(isNearLimit(7, 10)).toBe(false);
    expect(isNearLimit(8, 10)).toBe(true);
    expect(isNearLimit(3, 6)).toBe(false);
    expect(isNearLimit(4, 6)).toBe(true);
  });

  it('tells a surrogate pair at either end of its ranges from a lone half', () => {
    // U+10000 and U+10FFFF: the first and last pairs (high D800..DBFF, then low DC00..DFFF).
    for (const ok of ['\ud800\udc00', '\udbff\udfff', 'a\udbff\udc00b', '\ud7ff', '\ue000']) {
      expect(hasLoneSurrogate(ok), JSON.stringify(ok)).toBe(false);
    }
    for (const lone of ['\udbff', '\udfff', 'a\udc00', '\ud800\ud7ff', '\ud800\ue000', '\udbffx', 'ok\ud800']) {
      expect(hasLoneSurrogate(lone), JSON.stringify(lone)).toBe(true);
    }
  });

  it('allows exactly tab, line feed and carriage return when line breaks are allowed', () => {
    for (const allowed of ['\t', '\n', '\r', ' ', '~', '\u0080 é'])
      expect(hasControlCharacters(`a${allowed}b`, { allowLineBreaks: true }), JSON.stringify(allowed)).toBe(false);
    for (const refused of ['\u0000', '\u0008', '\u000b', '\u000c', '\u000e', '\u001f', '\u007f'])
      expect(hasControlCharacters(`a${refused}b`, { allowLineBreaks: true }), JSON.stringify(refused)).toBe(true);
    for (const refused of ['\t', '\n', '\r']) expect(hasControlCharacters(`a${refused}b`), JSON.stringify(refused)).toBe(true);
    expect(hasControlCharacters(' ~\u0080')).toBe(false);
  });
});

describe('the contract: at the limit passes, one more is refused naming the field', () => {
  const sub = '6f1c2d3e-0000-4000-8000-000000000000';
  const signup = { fullName: 'Ana', email: 'ana@example.com', phoneNumber: '+15551230000', organization: 'Org', cognitoUserId: sub };
  const user = { name: 'Ana', email: 'ana@example.com', phoneNumber: '+15551230000' };

  it.each([
    ['fullName', LIMITS.name, CompleteSignupRequestSchema, signup, x],
    ['email', LIMITS.email, CompleteSignupRequestSchema, signup, emailOf],
    ['organization', LIMITS.organization, CompleteSignupRequestSchema, signup, x],
    ['cognitoUserId', LIMITS.id, CompleteSignupRequestSchema, signup, x],
    ['name', LIMITS.name, CreateUserRequestSchema, user, x],
    ['email', LIMITS.email, CreateUserRequestSchema, user, emailOf],
    ['userId', LIMITS.id, UserIdRequestSchema, {}, x],
    ['id', LIMITS.id, IdParamSchema, {}, x],
    ['setupIntentId', LIMITS.id, CompleteSubscriptionRequestSchema, { planType: 'pro' }, x],
    ['reason', LIMITS.cancellationReason, CancelSubscriptionRequestSchema, { userId: 'u1', cancelAtPeriodEnd: false }, x],
    ['query', LIMITS.question, CopilotAskRequestSchema, { isAdmin: true }, x],
    ['search', LIMITS.search, ListUsersQuerySchema, {}, x],
  ] as const)('%s: at most %i', (field, max, schema, base, make) => {
    expect(firstMessage(schema, { ...base, [field]: make(max) })).toBeNull();
    expect(firstMessage(schema, { ...base, [field]: make(max + 1) })).toBe(tooLongMessage(field, max));
  });

  it('phone numbers: 20 characters, checked before the E.164 form', () => {
    expect(firstMessage(CreateUserRequestSchema, { ...user, phoneNumber: phoneOf(LIMITS.phone + 1) })).toBe(
      'phoneNumber must be at most 20 characters',
    );
    expect(firstMessage(CompleteSignupRequestSchema, { ...signup, phoneNumber: phoneOf(LIMITS.phone + 1) })).toBe(
      'phoneNumber must be at most 20 characters',
    );
  });

  it('bulk updates: each id bounded, at most 1,500 of them', () => {
    const updates = { isActive: true };
    expect(
      firstMessage(BulkUpdateRequestSchema, { userIds: Array.from({ length: LIMITS.bulkUserIds }, (_, i) => `u${i}`), updates }),
    ).toBeNull();
    expect(
      firstMessage(BulkUpdateRequestSchema, { userIds: Array.from({ length: LIMITS.bulkUserIds + 1 }, (_, i) => `u${i}`), updates }),
    ).toBe('userIds may name at most 1,500 users');
    expect(firstMessage(BulkUpdateRequestSchema, { userIds: ['u1', x(LIMITS.id + 1)], updates })).toBe(
      'userIds must be at most 100 characters',
    );
  });

  it('refuses control characters and lone surrogates in every text, allowing line breaks in the reason and the question', () => {
    expect(firstMessage(CreateUserRequestSchema, { ...user, name: 'Ana\u0000' })).toBe('name must not contain control characters');
    expect(firstMessage(CreateUserRequestSchema, { ...user, name: 'Ana\ud800' })).toBe('name must be valid Unicode text');
    expect(firstMessage(CompleteSignupRequestSchema, { ...signup, organization: 'Org\u0001' })).toBe(
      'organization must not contain control characters',
    );
    expect(firstMessage(UserIdRequestSchema, { userId: 'u\u0000' })).toBe('userId must not contain control characters');
    expect(firstMessage(ListUsersQuerySchema, { search: 'ma\u0000' })).toBe('search must not contain control characters');
    expect(firstMessage(CopilotAskRequestSchema, { query: 'one\ntwo', isAdmin: true })).toBeNull();
    expect(firstMessage(CopilotAskRequestSchema, { query: 'one\u0000', isAdmin: true })).toBe('query must not contain control characters');
    expect(firstMessage(CancelSubscriptionRequestSchema, { userId: 'u1', cancelAtPeriodEnd: true, reason: 'a\r\nb' })).toBeNull();
  });

  it('reads page and limit as bounded whole numbers', () => {
    expect(v.parse(ListUsersQuerySchema, {})).toMatchObject({ page: 1, limit: 25 });
    expect(v.parse(ListUsersQuerySchema, { page: String(LIMITS.page), limit: String(LIMITS.pageSize) })).toMatchObject({
      page: LIMITS.page,
      limit: LIMITS.pageSize,
    });
    for (const page of ['1e300', '0', '-1', '2.5', '0x10', ' 1', '', 'NaN', String(LIMITS.page + 1)]) {
      expect(firstMessage(ListUsersQuerySchema, { page }), page).toBe('page must be a whole number from 1 to 100000');
    }
    expect(firstMessage(ListUsersQuerySchema, { limit: '101' })).toBe('limit must be a whole number from 1 to 100');
  });
});

describe("the console's forms: the same numbers, the field's own label", () => {
  const signUp = {
    fullName: 'Ana',
    email: 'ana@example.com',
    phoneNumber: '5551234567',
    organization: 'Org',
    password: 'Hardline#2026',
    confirmPassword: 'Hardline#2026',
  };

  it('sign-up', () => {
    expect(
      validate(SignUpFormSchema, {
        ...signUp,
        fullName: x(LIMITS.name),
        organization: x(LIMITS.organization),
        email: emailOf(LIMITS.email),
      }).ok,
    ).toBe(true);
    const result = validate(SignUpFormSchema, {
      ...signUp,
      fullName: x(LIMITS.name + 1),
      email: emailOf(LIMITS.email + 1),
      phoneNumber: '5'.repeat(LIMITS.phone + 1),
      organization: x(LIMITS.organization + 1),
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        fullName: 'Full name must be at most 100 characters',
        email: 'Email must be at most 254 characters',
        phoneNumber: 'Phone number must be at most 20 characters',
        organization: 'Organization must be at most 100 characters',
      },
    });
    expect(validate(SignUpFormSchema, { ...signUp, fullName: 'Ana\tDiaz' })).toEqual({
      ok: false,
      errors: { fullName: 'Full name must not contain tabs or other control characters' },
    });
  });

  it('add user, the cancellation reason, the question (trimmed first)', () => {
    expect(validate(AddUserFormSchema, { name: x(LIMITS.name + 1), email: 'a@b.co', phoneNumber: '5551234567' })).toEqual({
      ok: false,
      errors: { name: 'Name must be at most 100 characters' },
    });
    expect(validate(CancellationReasonSchema, `  ${x(LIMITS.cancellationReason)}  `).ok).toBe(true);
    expect(validate(CancellationReasonSchema, x(LIMITS.cancellationReason + 1))).toEqual({
      ok: false,
      errors: { form: 'Cancellation reason must be at most 500 characters' },
    });
    expect(validate(QuestionSchema, x(LIMITS.question + 1))).toEqual({
      ok: false,
      errors: { form: 'Question must be at most 2,000 characters' },
    });
  });
});
