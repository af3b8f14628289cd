// @vitest-environment node
/**
 * Named scenarios of Forgot password (src/machines/auth/forgotPasswordMachine.ts), read as its
 * specification. Actor level, no rendering: both identity calls are promises the scenario settles,
 * and the scenario sees what was sent.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { forgotPasswordMachine } from '../../src/machines/auth/forgotPasswordMachine';

const EMAIL = 'forgetful@summit.test';
const NEW_PASSWORD = 'Brand#New2026';

interface Call<I> {
  input: I;
  resolve: () => void;
  reject: (error: unknown) => void;
}
type ResetInput = { email: string; code: string; newPassword: string };

function call<I>(log: Call<I>[]) {
  return fromPromise<void, I>(({ input }) => new Promise<void>((resolve, reject) => log.push({ input, resolve, reject })));
}

function last<I>(log: Call<I>[]): Call<I> {
  const found = log.at(-1);
  if (!found) throw new Error('nothing was asked');
  return found;
}

function openResetPassword(email = '') {
  const requests: Call<{ email: string }>[] = [];
  const resets: Call<ResetInput>[] = [];
  const actor = createActor(
    forgotPasswordMachine.provide({ actors: { requestPasswordReset: call(requests), confirmPasswordReset: call(resets) } }),
    { input: { email } },
  ).start();
  const settled = () => waitFor(actor, (s) => !s.hasTag('pending'));
  return { actor, requests, resets, settled };
}

/** Reset Password on its code step, after 'Send code' for EMAIL. */
async function onCodeStep() {
  const flow = openResetPassword(EMAIL);
  flow.actor.send({ type: 'forgot.sendCode', email: EMAIL });
  last(flow.requests).resolve();
  await flow.settled();
  return flow;
}

describe('forgot password', () => {
  it('opens with the email typed on Sign In, without the spaces around it', () => {
    const { actor } = openResetPassword('  forgetful@summit.test ');
    expect(actor.getSnapshot().value).toEqual({ requestCode: 'idle' });
    expect(actor.getSnapshot().context).toEqual({ email: EMAIL, fieldErrors: {}, formError: null, notice: null });
  });

  it("an email that is not one is refused with 'Please enter a valid email address', and nothing is sent", () => {
    const { actor, requests } = openResetPassword();
    actor.send({ type: 'forgot.sendCode', email: 'forgetful' });
    expect(actor.getSnapshot().value).toEqual({ requestCode: 'idle' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'Please enter a valid email address' });
    // A field's error is not the form's: the message above the form stays empty.
    expect(actor.getSnapshot().context.formError).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it("'Send code' asks for a reset code for that email and says where it went", async () => {
    const { actor, requests, settled } = openResetPassword();
    actor.send({ type: 'forgot.sendCode', email: 'nobody' });
    actor.send({ type: 'forgot.sendCode', email: ` ${EMAIL} ` });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    expect(last(requests).input).toEqual({ email: EMAIL });
    last(requests).resolve();
    const sent = await settled();
    expect(sent.value).toEqual({ resetPassword: 'idle' });
    expect(sent.context.notice).toBe(
      'If an account exists for forgetful@summit.test, we sent it a code. Enter it below with your new password.',
    );
  });

  it("a refused request shows the identity service's message, or 'We could not send a reset code. Please try again.'", async () => {
    const { actor, requests, settled } = openResetPassword();
    actor.send({ type: 'forgot.sendCode', email: EMAIL });
    last(requests).reject(new Error('Attempt limit exceeded, please try after some time.'));
    const refused = await settled();
    expect(refused.value).toEqual({ requestCode: 'idle' });
    expect(refused.context.formError).toBe('Attempt limit exceeded, please try after some time.');
    actor.send({ type: 'forgot.sendCode', email: EMAIL });
    expect(actor.getSnapshot().context.formError).toBeNull();
    last(requests).reject(new Error(''));
    expect((await settled()).context.formError).toBe('We could not send a reset code. Please try again.');
  });

  it('a code or password that does not pass is refused field by field, and nothing is sent', async () => {
    const { actor, resets } = await onCodeStep();
    actor.send({ type: 'forgot.reset', code: '', password: 'short', confirmPassword: 'other' });
    expect(actor.getSnapshot().value).toEqual({ resetPassword: 'idle' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      code: 'Please enter the confirmation code',
      password: 'Password must be at least 8 characters',
      confirmPassword: "Passwords don't match",
    });
    expect(actor.getSnapshot().context.notice).toBeNull();
    actor.send({ type: 'forgot.reset', code: '12345', password: 'short', confirmPassword: 'short' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: 'Password must be at least 8 characters' });
    actor.send({ type: 'forgot.reset', code: '12a', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ code: 'The confirmation code contains digits only' });
    expect(resets).toHaveLength(0);
  });

  it('the emailed code and the new password reset it, and Sign In gets the email back', async () => {
    const { actor, resets } = await onCodeStep();
    actor.send({ type: 'forgot.reset', code: ' 123456 ', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(last(resets).input).toEqual({ email: EMAIL, code: '123456', newPassword: NEW_PASSWORD });
    last(resets).resolve();
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.value).toBe('done');
    expect(done.output).toEqual({ email: EMAIL });
  });

  it("a refused reset shows the identity service's message, or 'An error occurred while resetting your password'", async () => {
    const { actor, resets, settled } = await onCodeStep();
    actor.send({ type: 'forgot.reset', code: '123456', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(actor.getSnapshot().context.notice).toBeNull();
    last(resets).reject(new Error('Invalid verification code provided, please try again.'));
    const refused = await settled();
    expect(refused.value).toEqual({ resetPassword: 'idle' });
    expect(refused.context.formError).toBe('Invalid verification code provided, please try again.');
    actor.send({ type: 'forgot.reset', code: '123456', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    last(resets).reject(new Error(''));
    expect((await settled()).context.formError).toBe('An error occurred while resetting your password');
  });

  it("'Resend code' sends another code to the same email and says so", async () => {
    const { actor, requests, settled } = await onCodeStep();
    actor.send({ type: 'forgot.resendCode' });
    expect(actor.getSnapshot().value).toEqual({ resetPassword: 'resending' });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(requests).toHaveLength(2);
    expect(last(requests).input).toEqual({ email: EMAIL });
    last(requests).resolve();
    const resent = await settled();
    expect(resent.value).toEqual({ resetPassword: 'idle' });
    expect(resent.context.notice).toBe('We sent a new code to forgetful@summit.test');
  });

  it("a refused resend reads 'We could not send a reset code. Please try again.' without a message of its own", async () => {
    const { actor, requests, settled } = await onCodeStep();
    actor.send({ type: 'forgot.resendCode' });
    last(requests).reject(new Error('Limit exceeded'));
    expect((await settled()).context).toMatchObject({ formError: 'Limit exceeded', notice: null });
    actor.send({ type: 'forgot.resendCode' });
    last(requests).reject(new Error(''));
    expect((await settled()).context.formError).toBe('We could not send a reset code. Please try again.');
  });

  it("'Use a different email' goes back to the email step with nothing left on screen", async () => {
    const { actor } = await onCodeStep();
    actor.send({ type: 'forgot.reset', code: '', password: '', confirmPassword: '' });
    actor.send({ type: 'forgot.changeEmail' });
    expect(actor.getSnapshot().value).toEqual({ requestCode: 'idle' });
    expect(actor.getSnapshot().context).toEqual({ email: EMAIL, fieldErrors: {}, formError: null, notice: null });
  });
});

describe('for the developer wiring the console', () => {
  it('an identity call nobody provided fails with its name', async () => {
    const actor = createActor(forgotPasswordMachine, { input: { email: EMAIL } }).start();
    const settled = () => waitFor(actor, (s) => !s.hasTag('pending'));
    actor.send({ type: 'forgot.sendCode', email: EMAIL });
    expect((await settled()).context.formError).toBe('The "requestPasswordReset" actor is not provided');

    const { actor: onCode, requests } = openResetPassword(EMAIL);
    onCode.send({ type: 'forgot.sendCode', email: EMAIL });
    last(requests).resolve();
    await waitFor(onCode, (s) => s.matches({ resetPassword: 'idle' }));
    const unprovided = createActor(forgotPasswordMachine, { input: { email: EMAIL }, snapshot: onCode.getPersistedSnapshot() }).start();
    unprovided.send({ type: 'forgot.reset', code: '123456', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    const refused = await waitFor(unprovided, (s) => !s.hasTag('pending'));
    expect(refused.context.formError).toBe('The "confirmPasswordReset" actor is not provided');
  });
});
