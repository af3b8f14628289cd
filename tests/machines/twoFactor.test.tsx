/**
 * Model-based walk of the two-factor machine (src/machines/twoFactor) through the real dialog of
 * the account menu: every state and transition, with the identity calls as deferred doubles settled
 * step by step; each state is checked as a person sees it (status, QR code and key, the code field,
 * the messages, which buttons there are). Named scenarios below read as the behaviour.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { TWO_FACTOR_NOTICES, twoFactorImplementations, twoFactorMachine } from '../../src/machines/twoFactor';
import { IdentityError, type IdentityService, type TwoFactorSetup } from '../../src/services/identity';
import { generateModelPaths, unplannedTransitions, walkPaths, type StepInfo } from '../support/model';
import { tableDriver, type Check } from '../support/model/tables';
import { createTwoFactorDoubles, renderTwoFactorDialog } from '../views/account/render-two-factor';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const SETUP: TwoFactorSetup = {
  secret: SECRET,
  uri: `otpauth://totp/Hardline:ada%40summit.test?secret=${SECRET}&issuer=Hardline`,
  account: 'ada@summit.test',
};
const WRONG = 'That code is not right. Check your authenticator app and try again.';
const LOAD_FAILED = 'The identity service could not be reached. Check your connection and try again.';
const SETUP_FAILED = 'We could not start the two-factor setup. Please try again.';
const INVALID = 'Enter the 6-digit code from your authenticator app';

const paths = generateModelPaths(twoFactorMachine, {
  cover: 'pairs',
  events: {
    'twoFactor.submitCode': [
      { type: 'twoFactor.submitCode', code: '12 34' },
      { type: 'twoFactor.submitCode', code: '123456' },
    ],
    'xstate.done.actor.loadStatus': [
      { type: 'xstate.done.actor.loadStatus', output: { enabled: false } },
      { type: 'xstate.done.actor.loadStatus', output: { enabled: true } },
    ],
    'xstate.error.actor.loadStatus': { type: 'xstate.error.actor.loadStatus', error: new IdentityError(LOAD_FAILED, 'network') },
    'xstate.done.actor.startSetup': { type: 'xstate.done.actor.startSetup', output: SETUP },
    'xstate.error.actor.startSetup': { type: 'xstate.error.actor.startSetup', error: new IdentityError(SETUP_FAILED, 'rejected') },
    'xstate.error.actor.enableTwoFactor': { type: 'xstate.error.actor.enableTwoFactor', error: new IdentityError(WRONG, 'rejected') },
    'xstate.error.actor.disableTwoFactor': { type: 'xstate.error.actor.disableTwoFactor', error: new IdentityError(WRONG, 'rejected') },
  },
});

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent ?? '');
const dialog = () => screen.getByRole('dialog', { name: 'Two-factor sign-in' });
const codeInput = () => within(dialog()).getByRole('textbox', { name: /6-digit code/ });

describe('the walk plans every transition', () => {
  it('has a path for each', () => {
    expect(unplannedTransitions(twoFactorMachine, paths)).toEqual([]);
  });
});

walkPaths({
  machineId: 'twoFactor',
  machine: twoFactorMachine,
  paths,
  timeout: 10_000,
  setup: ({ inspect }) => {
    const doubles = createTwoFactorDoubles();
    const user = userEvent.setup();
    const view = renderTwoFactorDialog({ doubles, inspect });
    const inDialog = () => within(dialog());
    const buttons = () =>
      inDialog()
        .queryAllByRole('button')
        .map((b) => b.textContent);
    const settle = (event: AnyEventObject, info: StepInfo) =>
      act(() => {
        if (!doubles.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
      });
    /** Off, starting setup, or on: the status, its button, and the notice or alert of the change that led here, or none. */
    const status =
      (on: boolean, button: string): Check<typeof twoFactorMachine> =>
      ({ event }) =>
        waitFor(() => {
          expect(inDialog().getByRole('heading', { name: `Status: ${on ? 'On' : 'Off'}` })).toBeInTheDocument();
          expect(buttons()).toContain(button);
          const notices = inDialog()
            .queryAllByRole('status')
            .map((s) => s.textContent);
          if (event?.type === 'xstate.done.actor.enableTwoFactor') expect(notices).toContain(TWO_FACTOR_NOTICES.on);
          else if (event?.type === 'xstate.done.actor.disableTwoFactor') expect(notices).toContain(TWO_FACTOR_NOTICES.off);
          else expect(notices).toEqual([]);
          if (event?.type === 'xstate.error.actor.startSetup') expect(alerts()).toContain(SETUP_FAILED);
          else expect(alerts()).toEqual([]);
          expect(inDialog().queryByRole('img', { name: 'QR code for your authenticator app' })).not.toBeInTheDocument();
        });
    const codeStepIdle = () => waitFor(() => expect(inDialog().getByRole('button', { name: 'Cancel' })).toBeEnabled());
    const codeStepBusy = (actor: 'enableTwoFactor' | 'disableTwoFactor') => async () => {
      await waitFor(() => {
        expect(inDialog().getByRole('button', { name: 'Checking...' })).toBeDisabled();
        expect(inDialog().getByRole('button', { name: 'Cancel' })).toBeDisabled();
      });
      expect(doubles.pending(actor).at(-1)?.input).toEqual({ code: '123456' });
    };
    /** After a code step's answer: the check's message, or a wrong code's (with the code typed still there to correct). */
    const codeStepArrivals = {
      'twoFactor.submitCode': () => waitFor(() => expect(alerts()).toContain(INVALID)),
      'xstate.error.actor.enableTwoFactor': () =>
        waitFor(() => {
          expect(alerts()).toContain(WRONG);
          expect(codeInput()).toHaveValue('123456');
        }),
      'xstate.error.actor.disableTwoFactor': () =>
        waitFor(() => {
          expect(alerts()).toContain(WRONG);
          expect(codeInput()).toHaveValue('123456');
        }),
    };
    return {
      ...tableDriver(twoFactorMachine, {
        states: {
          loading: () =>
            waitFor(() => {
              expect(inDialog().getByRole('status')).toHaveTextContent('Checking two-factor sign-in...');
              expect(doubles.pending('loadStatus')).toHaveLength(1);
            }),
          loadFailed: () =>
            waitFor(() => {
              expect(alerts()).toContain(LOAD_FAILED);
              expect(buttons()).toContain('Try again');
            }),
          off: status(false, 'Set up'),
          associating: async (ctx) => {
            await status(false, 'Starting setup...')(ctx);
            await waitFor(() => expect(inDialog().getByRole('button', { name: 'Starting setup...' })).toBeDisabled());
          },
          on: status(true, 'Turn off'),
          settingUp: ({ context }) =>
            waitFor(() => {
              expect(inDialog().getByRole('heading', { name: 'Set up your authenticator app' })).toBeInTheDocument();
              expect(inDialog().getByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
              expect(inDialog().getByTestId('two-factor-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
              expect(context.setup).toEqual(SETUP);
            }),
          'settingUp.idle': codeStepIdle,
          'settingUp.submitting': codeStepBusy('enableTwoFactor'),
          turningOff: () =>
            waitFor(() => {
              expect(inDialog().getByRole('heading', { name: 'Turn off two-factor sign-in' })).toBeInTheDocument();
              expect(inDialog().queryByRole('img', { name: 'QR code for your authenticator app' })).not.toBeInTheDocument();
            }),
          'turningOff.idle': codeStepIdle,
          'turningOff.submitting': codeStepBusy('disableTwoFactor'),
        },
        events: {
          'twoFactor.retry': () => user.click(inDialog().getByRole('button', { name: 'Try again' })),
          'twoFactor.startSetup': () => user.click(inDialog().getByRole('button', { name: 'Set up' })),
          'twoFactor.turnOff': () => user.click(inDialog().getByRole('button', { name: 'Turn off' })),
          'twoFactor.cancel': () => user.click(inDialog().getByRole('button', { name: 'Cancel' })),
          'twoFactor.submitCode': async ({ code }) => {
            const input = codeInput();
            await user.clear(input);
            await user.click(input);
            // Pasted, as from an authenticator app.
            await user.paste(code);
            const settingUp = inDialog().queryByRole('heading', { name: 'Set up your authenticator app' }) !== null;
            await user.click(inDialog().getByRole('button', { name: settingUp ? 'Turn on' : 'Turn off' }));
          },
          'xstate.done.actor.loadStatus': settle,
          'xstate.error.actor.loadStatus': settle,
          'xstate.done.actor.startSetup': settle,
          'xstate.error.actor.startSetup': settle,
          'xstate.done.actor.enableTwoFactor': settle,
          'xstate.error.actor.enableTwoFactor': settle,
          'xstate.done.actor.disableTwoFactor': settle,
          'xstate.error.actor.disableTwoFactor': settle,
        },
        arrivals: { 'settingUp.idle': codeStepArrivals, 'turningOff.idle': codeStepArrivals },
      }),

      teardown() {
        view.unmount();
      },
    };
  },
  onReport: (report) => {
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  },
});

/** Named scenarios, on the actor with the real implementations over a fake identity service. */
describe('two-factor sign-in', () => {
  function start(identity: Partial<IdentityService>) {
    const fake = {
      getTwoFactorStatus: vi.fn(async () => ({ enabled: false })),
      startTwoFactorSetup: vi.fn(async () => SETUP),
      enableTwoFactor: vi.fn(async () => undefined),
      disableTwoFactor: vi.fn(async () => undefined),
      ...identity,
    };
    const actor = createActor(twoFactorMachine.provide(twoFactorImplementations({ identity: fake as unknown as IdentityService }))).start();
    return { actor, fake };
  }

  it('turns on: the secret to scan, a wrong code keeps the step with its message, the right one turns it on', async () => {
    const enableTwoFactor = vi.fn<IdentityService['enableTwoFactor']>().mockRejectedValueOnce(new IdentityError(WRONG, 'rejected'));
    enableTwoFactor.mockResolvedValueOnce(undefined);
    const { actor, fake } = start({ enableTwoFactor });
    await waitFor(() => expect(actor.getSnapshot().value).toBe('off'));
    actor.send({ type: 'twoFactor.startSetup' });
    await waitFor(() => expect(actor.getSnapshot().matches({ settingUp: 'idle' })).toBe(true));
    expect(fake.startTwoFactorSetup).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.setup).toEqual(SETUP);

    actor.send({ type: 'twoFactor.submitCode', code: ' 000000 ' });
    await waitFor(() => expect(actor.getSnapshot().context.formError).toBe(WRONG));
    expect(actor.getSnapshot().matches({ settingUp: 'idle' })).toBe(true);
    expect(enableTwoFactor).toHaveBeenLastCalledWith({ code: '000000' });

    actor.send({ type: 'twoFactor.submitCode', code: '123456' });
    await waitFor(() => expect(actor.getSnapshot().value).toBe('on'));
    expect(actor.getSnapshot().context).toMatchObject({ notice: 'Two-factor sign-in is on.', setup: null, formError: null });
  });

  it('checks a code before sending it: nothing goes to the pool for a code that is not 6 digits', async () => {
    const { actor, fake } = start({});
    await waitFor(() => expect(actor.getSnapshot().value).toBe('off'));
    actor.send({ type: 'twoFactor.startSetup' });
    await waitFor(() => expect(actor.getSnapshot().matches('settingUp')).toBe(true));
    actor.send({ type: 'twoFactor.submitCode', code: '12345' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ code: INVALID });
    expect(fake.enableTwoFactor).not.toHaveBeenCalled();
  });

  it('turns off only with a current code; Cancel goes back to on and asks the pool nothing', async () => {
    const { actor, fake } = start({ getTwoFactorStatus: vi.fn(async () => ({ enabled: true })) });
    await waitFor(() => expect(actor.getSnapshot().value).toBe('on'));
    actor.send({ type: 'twoFactor.turnOff' });
    actor.send({ type: 'twoFactor.cancel' });
    expect(actor.getSnapshot().value).toBe('on');
    expect(fake.disableTwoFactor).not.toHaveBeenCalled();

    actor.send({ type: 'twoFactor.turnOff' });
    actor.send({ type: 'twoFactor.submitCode', code: '654321' });
    await waitFor(() => expect(actor.getSnapshot().value).toBe('off'));
    expect(fake.disableTwoFactor).toHaveBeenCalledWith({ code: '654321' });
    expect(actor.getSnapshot().context.notice).toBe('Two-factor sign-in is off.');
  });

  it('says so when the setting cannot be read, and reads it again on Try again', async () => {
    const getTwoFactorStatus = vi
      .fn<IdentityService['getTwoFactorStatus']>()
      .mockRejectedValueOnce(new IdentityError(LOAD_FAILED, 'network'));
    getTwoFactorStatus.mockResolvedValueOnce({ enabled: true });
    const { actor } = start({ getTwoFactorStatus });
    await waitFor(() => expect(actor.getSnapshot().value).toBe('loadFailed'));
    expect(actor.getSnapshot().context.error).toBe(LOAD_FAILED);
    actor.send({ type: 'twoFactor.retry' });
    await waitFor(() => expect(actor.getSnapshot().value).toBe('on'));
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
