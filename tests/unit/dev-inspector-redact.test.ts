// @vitest-environment node
/**
 * The dev inspector's event log never shows a secret (src/dev/inspector/redact.ts): passwords,
 * one-time codes, tokens and TOTP/Stripe secrets go, by key name and by value shape, at any depth.
 * Each case serialises the redacted payload and looks for the secret value anywhere in it.
 */
import { describe, expect, it } from 'vitest';
import { REDACTED, redact, redactEventPayload, redactString } from '../../src/dev/inspector/redact';

/** Built from pieces so that this file holds no real-looking token in one literal. */
const jwt = (sub: string) =>
  [
    'eyJhbGciOiJSUzI1NiIsImtpZCI6ImtleTEifQ',
    Buffer.from(JSON.stringify({ sub, token_use: 'id' })).toString('base64url'),
    'c2lnbmF0dXJlLXZhbHVlLWhlcmU',
  ].join('.');
const ID_TOKEN = jwt('id-user');
const ACCESS_TOKEN = jwt('access-user');
const REFRESH_TOKEN = 'eyJjdHkiOiJKV1QiLCJlbmMiOiJBMjU2R0NNIn0.Zm9vYmFy.aXYxMjM.Y2lwaGVydGV4dA.dGFn';
const OPAQUE_SESSION = 'AYABeLz3kP9xQ2mN7vR4tW8yZ1cF6hJ0kL5nB3vC9xM2qW7eR4tY8uI1oP6aS3dF';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const OTPAUTH = `otpauth://totp/Hardline:ada%40summit.test?secret=${TOTP_SECRET}&issuer=Hardline`;
const CLIENT_SECRET = ['seti', '1PqRsTuVwXyZ', 'secret', 'AbCdEfGhIjKlMnOpQrStUvWxYz0123'].join('_');
const PASSWORD = 'Hardline#2026';

function shown(value: unknown): string {
  return JSON.stringify(redact(value));
}

describe('the event log payload', () => {
  it('drops the password of a sign-in event and keeps the email', () => {
    const payload = redactEventPayload({ type: 'auth.signIn', username: 'ada@summit.test', password: PASSWORD } as { type: string });
    expect(JSON.stringify(payload)).not.toContain(PASSWORD);
    expect(payload).toEqual({ username: 'ada@summit.test', password: REDACTED });
  });

  it('drops new and old passwords, whatever the key spells', () => {
    const text = shown({
      newPassword: 'Brand-new#Pass1',
      oldPassword: 'Old#Pass1234',
      password_confirmation: 'Brand-new#Pass1',
      passphrase: 'correct horse',
    });
    for (const secret of ['Brand-new#Pass1', 'Old#Pass1234', 'correct horse']) expect(text).not.toContain(secret);
  });

  it('drops confirmation, reset and MFA codes, under their names or any name', () => {
    const text = shown({
      code: '123456',
      confirmationCode: '654321',
      verificationCode: '111222',
      totpCode: '333444',
      mfa: { answer: '555666' },
      value: '777888',
    });
    for (const code of ['123456', '654321', '111222', '333444', '555666', '777888']) expect(text).not.toContain(code);
  });

  it('drops tokens from a done event whose output carries them, at any depth', () => {
    const done = {
      type: 'xstate.done.actor.signIn',
      actorId: 'signIn',
      output: {
        kind: 'signedIn',
        user: { username: 'uuid-ada', email: 'ada@summit.test' },
        tokens: { idToken: ID_TOKEN, accessToken: ACCESS_TOKEN, refreshToken: REFRESH_TOKEN },
        // the same values under names that say nothing: caught by their shape
        extra: [{ a: ID_TOKEN }, new Map([['b', ACCESS_TOKEN]]), new Set([REFRESH_TOKEN]), `Bearer ${ACCESS_TOKEN}`],
        challenge: { Session: OPAQUE_SESSION, note: OPAQUE_SESSION },
      },
    };
    const text = JSON.stringify(redactEventPayload(done));
    for (const secret of [ID_TOKEN, ACCESS_TOKEN, REFRESH_TOKEN, OPAQUE_SESSION]) expect(text).not.toContain(secret);
    // no piece of a JWT either (its header and payload parts)
    expect(text).not.toContain('eyJ');
    expect(text).toContain('ada@summit.test');
    expect(text).toContain('signedIn');
  });

  it('drops a TOTP secret and its otpauth URI, under their names or not', () => {
    const setup = { type: 'xstate.done.actor.associate', output: { secret: TOTP_SECRET, uri: OTPAUTH, account: 'ada@summit.test' } };
    const hidden = { type: 'x', key: TOTP_SECRET, link: `Scan ${OTPAUTH} with the app`, list: [[[{ deep: TOTP_SECRET }]]] };
    for (const event of [setup, hidden]) {
      const text = JSON.stringify(redactEventPayload(event));
      expect(text).not.toContain(TOTP_SECRET);
      expect(text).not.toContain('otpauth://');
    }
  });

  it('drops Stripe client secrets, inside strings and under any key', () => {
    const text = shown({ clientSecret: CLIENT_SECRET, setup: { id: 'seti_1PqRsTuVwXyZ', reply: `confirm ${CLIENT_SECRET} now` } });
    expect(text).not.toContain(CLIENT_SECRET);
    expect(text).not.toContain('_secret_');
    expect(text).toContain('seti_1PqRsTuVwXyZ');
  });

  it('redacts inside error messages, and survives cycles, functions and actor references', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const actor = { id: 'signInFlow', sessionId: 'x:1', send: () => undefined, getSnapshot: () => ({ context: { password: PASSWORD } }) };
    const text = shown({ error: new Error(`Invalid token ${ACCESS_TOKEN}`), cyclic, actor, fn: () => PASSWORD });
    expect(text).not.toContain(ACCESS_TOKEN);
    expect(text).not.toContain(PASSWORD);
    expect(text).toContain('[circular]');
    expect(text).toContain('[actor signInFlow]');
  });

  it('keeps what is not secret: statuses, ids, amounts, short numbers, booleans', () => {
    const payload = {
      statusCode: 404,
      countryCode: 'US',
      userId: 'usr_42',
      amountCents: 4900,
      hasPassword: true,
      page: '2',
      sessionId: 'x:3',
    };
    expect(redact(payload)).toEqual(payload);
  });

  it('replaces a secret-shaped piece of a sentence and keeps the rest', () => {
    expect(redactString(`token: ${ID_TOKEN} expired`)).toBe(`token: ${REDACTED} (JWT) expired`);
  });
});
