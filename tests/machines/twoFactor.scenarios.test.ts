/**
 * Named scenarios of two-factor sign-in, turned on and off from the account menu (issue 13), read
 * as its specification. Actor level, no rendering: each identity call is a promise the test settles,
 * and the scenario sees what was sent. The last scenarios run the real implementations over the
 * real identity service, with only the Cognito gateway (the adapter over the Cognito SDK, a boundary
 * we don't own) faked.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createIdentityServiceWith } from '../../src/services/identity';
import type { TwoFactorSetup, TwoFactorStatus } from '../../src/services/identity';
import {
  TWO_FACTOR_NOTICES,
  keyInBlocks,
  selectCodeError,
  selectError,
  selectFormError,
  selectIsCheckingCode,
  selectIsPending,
  selectNotice,
  selectPhase,
  selectSetup,
  twoFactorImplementations,
  twoFactorMachine,
} from '../../src/machines/twoFactor';
import { fakeGateway, tokens } from '../unit/identity/fake-gateway';
import { waitFor } from '../support/snapshots';

const CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';
const SETUP: TwoFactorSetup = {
  secret: 'JBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Hardline:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Hardline',
  account: 'ada@example.com',
};

interface Pending<T, I = unknown> {
  input: I;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** One identity call: what it was asked, and the promise the scenario settles. */
function call<T, I = unknown>(log: Pending<T, I>[]) {
  return fromPromise<T, I>(({ input }) => new Promise<T>((resolve, reject) => log.push({ input, resolve, reject })));
}

function openDialog() {
  const loads: Pending<TwoFactorStatus>[] = [];
  const setups: Pending<TwoFactorSetup>[] = [];
  const enables: Pending<void, { code: string }>[] = [];
  const disables: Pending<void, { code: string }>[] = [];
  const actor = createActor(
    twoFactorMachine.provide({
      actors: { loadStatus: call(loads), startSetup: call(setups), enableTwoFactor: call(enables), disableTwoFactor: call(disables) },
    }),
  ).start();
  const last = <T, I>(log: Pending<T, I>[]): Pending<T, I> => {
    const pending = log.at(-1);
    if (!pending) throw new Error('nothing was asked');
    return pending;
  };
  const settled = () => waitFor(actor, (s) => !s.hasTag('pending'));
  return { actor, loads, setups, enables, disables, last, settled };
}

/** The dialog of an administrator whose setting was read: two-factor sign-in is `enabled`. */
async function openWith(enabled: boolean) {
  const dialog = openDialog();
  dialog.last(dialog.loads).resolve({ enabled });
  await dialog.settled();
  return dialog;
}

describe('two-factor sign-in', () => {
  it('the dialog reads the setting first, then shows it is off', async () => {
    const { actor, last, loads, settled } = openDialog();
    expect(selectPhase(actor.getSnapshot())).toBe('loading');
    expect(selectIsPending(actor.getSnapshot())).toBe(true);
    last(loads).resolve({ enabled: false });
    const off = await settled();
    expect(selectPhase(off)).toBe('off');
    expect(selectIsPending(off)).toBe(false);
    expect(selectNotice(off)).toBeNull();
    expect(selectError(off)).toBeNull();
  });

  it("an administrator who has it on is offered 'Turn off'", async () => {
    const { actor } = await openWith(true);
    expect(selectPhase(actor.getSnapshot())).toBe('on');
  });

  it("a setting that cannot be read shows why, and 'Try again' reads it again", async () => {
    const { actor, last, loads, settled } = openDialog();
    last(loads).reject(new Error('Your session has expired. Please sign in again.'));
    const failed = await settled();
    expect(selectPhase(failed)).toBe('loadFailed');
    expect(selectError(failed)).toBe('Your session has expired. Please sign in again.');

    actor.send({ type: 'twoFactor.retry' });
    expect(selectPhase(actor.getSnapshot())).toBe('loading');
    expect(selectError(actor.getSnapshot())).toBeNull();
    expect(loads).toHaveLength(2);
    last(loads).resolve({ enabled: true });
    expect(selectPhase(await settled())).toBe('on');
  });

  it('a failure without a message says the setting could not be read', async () => {
    const { last, loads, settled } = openDialog();
    last(loads).reject('offline');
    expect(selectError(await settled())).toBe('We could not read your two-factor sign-in setting. Please try again.');
  });

  it("setting it up shows the QR code and the key, and the app's first code turns it on with 'Two-factor sign-in is on.'", async () => {
    const { actor, last, setups, enables, settled } = await openWith(false);
    actor.send({ type: 'twoFactor.startSetup' });
    expect(selectPhase(actor.getSnapshot())).toBe('associating');
    expect(selectIsPending(actor.getSnapshot())).toBe(true);
    last(setups).resolve(SETUP);
    const settingUp = await settled();
    expect(selectPhase(settingUp)).toBe('settingUp');
    expect(selectSetup(settingUp)).toEqual(SETUP);
    expect(selectIsCheckingCode(settingUp)).toBe(false);

    actor.send({ type: 'twoFactor.submitCode', code: ' 123456 ' });
    expect(selectIsCheckingCode(actor.getSnapshot())).toBe(true);
    expect(selectIsPending(actor.getSnapshot())).toBe(true);
    expect(last(enables).input).toEqual({ code: '123456' });
    last(enables).resolve();
    const on = await settled();
    expect(selectPhase(on)).toBe('on');
    expect(selectNotice(on)).toBe('Two-factor sign-in is on.');
    expect(selectNotice(on)).toBe(TWO_FACTOR_NOTICES.on);
    expect(selectSetup(on)).toBeNull();
  });

  it(`a code that is not 6 digits is refused with '${CODE_MESSAGE}' before anything is sent`, async () => {
    const { actor, last, setups, enables, settled } = await openWith(false);
    actor.send({ type: 'twoFactor.startSetup' });
    last(setups).resolve(SETUP);
    await settled();
    actor.send({ type: 'twoFactor.submitCode', code: '12345' });
    expect(selectCodeError(actor.getSnapshot())).toBe(CODE_MESSAGE);
    expect(selectFormError(actor.getSnapshot())).toBeNull();
    expect(selectIsCheckingCode(actor.getSnapshot())).toBe(false);
    expect(enables).toHaveLength(0);

    // A good code clears the message as it is sent.
    actor.send({ type: 'twoFactor.submitCode', code: '654321' });
    expect(selectCodeError(actor.getSnapshot())).toBeNull();
    expect(enables).toHaveLength(1);
  });

  it("a wrong code comes back with the pool's message; the key stays on screen for another try", async () => {
    const { actor, last, setups, enables, settled } = await openWith(false);
    actor.send({ type: 'twoFactor.startSetup' });
    last(setups).resolve(SETUP);
    await settled();
    actor.send({ type: 'twoFactor.submitCode', code: '000000' });
    last(enables).reject(new Error('That code is not right. Check the app and try again.'));
    const back = await settled();
    expect(back.matches({ settingUp: 'idle' })).toBe(true);
    expect(selectFormError(back)).toBe('That code is not right. Check the app and try again.');
    expect(selectSetup(back)).toEqual(SETUP);

    // The next code clears the message as it is sent; a failure without a message has a fallback.
    actor.send({ type: 'twoFactor.submitCode', code: '111111' });
    expect(selectFormError(actor.getSnapshot())).toBeNull();
    last(enables).reject(new Error(''));
    expect(selectFormError(await settled())).toBe('An error occurred while checking your code');
  });

  it('Cancel during the setup leaves it off, forgetting the secret and the messages', async () => {
    const { actor, last, setups, settled } = await openWith(false);
    actor.send({ type: 'twoFactor.startSetup' });
    last(setups).resolve(SETUP);
    await settled();
    actor.send({ type: 'twoFactor.submitCode', code: 'abc' });
    actor.send({ type: 'twoFactor.cancel' });
    const off = actor.getSnapshot();
    expect(selectPhase(off)).toBe('off');
    expect(selectSetup(off)).toBeNull();
    expect(selectCodeError(off)).toBeNull();
    expect(selectFormError(off)).toBeNull();
  });

  it('Cancel does nothing while a code is being checked', async () => {
    const { actor, last, setups, settled } = await openWith(false);
    actor.send({ type: 'twoFactor.startSetup' });
    last(setups).resolve(SETUP);
    await settled();
    actor.send({ type: 'twoFactor.submitCode', code: '123456' });
    actor.send({ type: 'twoFactor.cancel' });
    expect(actor.getSnapshot().matches({ settingUp: 'submitting' })).toBe(true);
  });

  it('a setup that cannot start says why and stays off; the next attempt clears the message', async () => {
    const { actor, last, setups, settled } = await openWith(false);
    actor.send({ type: 'twoFactor.startSetup' });
    last(setups).reject(new Error('Too many attempts. Please wait a few minutes.'));
    const off = await settled();
    expect(selectPhase(off)).toBe('off');
    expect(selectError(off)).toBe('Too many attempts. Please wait a few minutes.');
    actor.send({ type: 'twoFactor.startSetup' });
    expect(selectError(actor.getSnapshot())).toBeNull();
    last(setups).reject(null);
    expect(selectError(await settled())).toBe('We could not start the two-factor setup. Please try again.');
  });

  it("turning it off asks for a current code, then says 'Two-factor sign-in is off.'", async () => {
    const { actor, last, disables, enables, settled } = await openWith(true);
    actor.send({ type: 'twoFactor.turnOff' });
    expect(selectPhase(actor.getSnapshot())).toBe('turningOff');
    actor.send({ type: 'twoFactor.submitCode', code: '246810 ' });
    expect(selectIsCheckingCode(actor.getSnapshot())).toBe(true);
    expect(last(disables).input).toEqual({ code: '246810' });
    expect(enables).toHaveLength(0);
    last(disables).resolve();
    const off = await settled();
    expect(selectPhase(off)).toBe('off');
    expect(selectNotice(off)).toBe('Two-factor sign-in is off.');
    expect(selectNotice(off)).toBe(TWO_FACTOR_NOTICES.off);
  });

  it('a wrong current code keeps it on, with the message, until Cancel', async () => {
    const { actor, last, disables, settled } = await openWith(true);
    actor.send({ type: 'twoFactor.turnOff' });
    actor.send({ type: 'twoFactor.submitCode', code: '000000' });
    last(disables).reject(new Error('That code is not right. Check the app and try again.'));
    const back = await settled();
    expect(back.matches({ turningOff: 'idle' })).toBe(true);
    expect(selectFormError(back)).toBe('That code is not right. Check the app and try again.');
    actor.send({ type: 'twoFactor.cancel' });
    expect(selectPhase(actor.getSnapshot())).toBe('on');
    expect(selectFormError(actor.getSnapshot())).toBeNull();
  });

  it("the last change's notice goes when the next change starts", async () => {
    const { actor, last, disables, settled } = await openWith(true);
    actor.send({ type: 'twoFactor.turnOff' });
    actor.send({ type: 'twoFactor.submitCode', code: '123456' });
    last(disables).resolve();
    expect(selectNotice(await settled())).toBe(TWO_FACTOR_NOTICES.off);
    actor.send({ type: 'twoFactor.startSetup' });
    expect(selectNotice(actor.getSnapshot())).toBeNull();
  });

  it("'Turn off' is not offered while it is off, nor 'Set up' while it is on", async () => {
    const off = await openWith(false);
    off.actor.send({ type: 'twoFactor.turnOff' });
    off.actor.send({ type: 'twoFactor.submitCode', code: '123456' });
    expect(selectPhase(off.actor.getSnapshot())).toBe('off');
    const on = await openWith(true);
    on.actor.send({ type: 'twoFactor.startSetup' });
    expect(selectPhase(on.actor.getSnapshot())).toBe('on');
    expect(on.setups).toHaveLength(0);
  });

  it('the key is read out in blocks of four characters', () => {
    expect(keyInBlocks('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(keyInBlocks(' JBSW Y3DP\tEHPK3PX ')).toBe('JBSW Y3DP EHPK 3PX');
    expect(keyInBlocks('')).toBe('');
  });
});

describe('two-factor sign-in over the identity service (the Cognito gateway faked)', () => {
  const NOW = 1_000_000;

  function signedIn() {
    const fake = fakeGateway();
    fake.store('ada@example.com', tokens(NOW));
    const identity = createIdentityServiceWith(fake.gateway, { now: () => NOW });
    const actor = createActor(twoFactorMachine.provide(twoFactorImplementations({ identity }))).start();
    return { actor, gateway: fake.gateway };
  }

  it('reads the setting from the pool, sets up a secret for the signed-in email and turns it on with the first code', async () => {
    const { actor, gateway } = signedIn();
    vi.mocked(gateway.getMfaSettings).mockResolvedValue({ enabledMethods: [], preferred: null });
    vi.mocked(gateway.associateSoftwareToken).mockResolvedValue(SETUP.secret);
    vi.mocked(gateway.verifySoftwareToken).mockResolvedValue();
    vi.mocked(gateway.setSoftwareTokenMfa).mockResolvedValue();
    await waitFor(actor, (s) => s.matches('off'));
    actor.send({ type: 'twoFactor.startSetup' });
    const settingUp = await waitFor(actor, (s) => s.matches('settingUp'));
    expect(selectSetup(settingUp)).toMatchObject({ secret: SETUP.secret, account: 'ada@example.com' });
    actor.send({ type: 'twoFactor.submitCode', code: '123456' });
    await waitFor(actor, (s) => s.matches('on'));
    expect(gateway.verifySoftwareToken).toHaveBeenCalledWith('access-1', '123456');
  });

  it('turns it off with a current code', async () => {
    const { actor, gateway } = signedIn();
    vi.mocked(gateway.getMfaSettings).mockResolvedValue({ enabledMethods: ['SOFTWARE_TOKEN_MFA'], preferred: 'SOFTWARE_TOKEN_MFA' });
    vi.mocked(gateway.verifySoftwareToken).mockResolvedValue();
    vi.mocked(gateway.setSoftwareTokenMfa).mockResolvedValue();
    await waitFor(actor, (s) => s.matches('on'));
    actor.send({ type: 'twoFactor.turnOff' });
    actor.send({ type: 'twoFactor.submitCode', code: '654321' });
    await waitFor(actor, (s) => s.matches('off'));
    expect(gateway.verifySoftwareToken).toHaveBeenCalledWith('access-1', '654321');
    expect(gateway.setSoftwareTokenMfa).toHaveBeenCalled();
  });
});
