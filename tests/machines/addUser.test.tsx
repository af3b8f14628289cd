/**
 * Model-based walk of the add-user machine through the real Add User dialog: an invalid and a
 * valid submission typed as a person would, the invite a deferred double at the network boundary.
 * Checks the §5 phone alert, that a failed invite keeps every field, and one request per submit.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { PHONE_INVALID_MESSAGE } from '../../src/domain/phone';
import { addUserMachine, type AddUserSubmission } from '../../src/machines/addUser';
import { generateModelPaths, walkPaths, type StepInfo } from '../support/model';
import { tableDriver } from '../support/model/tables';
import { renderAddUser } from '../views/users/render-dialogs';
import { makeUser } from '../views/users/fixtures';

configure({ defaultHidden: true });

const INVALID: AddUserSubmission = {
  name: 'Rosa Alvarez',
  email: 'rosa@summit.test',
  phoneNumber: '+0 555',
  role: 'Supervisor',
  hasLicense: true,
  isActive: true,
};
const VALID: AddUserSubmission = { ...INVALID, phoneNumber: '(555) 123-4567' };

const paths = generateModelPaths(addUserMachine, {
  cover: 'pairs',
  events: {
    'addUser.submit': [
      { type: 'addUser.submit', values: INVALID },
      { type: 'addUser.submit', values: VALID },
    ],
    'xstate.done.actor.inviteUser': { type: 'xstate.done.actor.inviteUser', output: makeUser(70, { name: 'Rosa Alvarez' }) },
    'xstate.error.actor.inviteUser': { type: 'xstate.error.actor.inviteUser', error: new Error('') },
  },
});

walkPaths({
  machineId: 'addUser',
  machine: addUserMachine,
  paths,
  timeout: 10_000,
  setup: ({ inspect }) => {
    const { fakes, actor, view } = renderAddUser(inspect);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const dialog = () => within(screen.getByRole('dialog', { name: 'Add User' }));
    const fill = async (label: RegExp, text: string) => {
      const input = dialog().getByRole('textbox', { name: label });
      await user.clear(input);
      await user.click(input);
      await user.paste(text);
    };
    const settle = (event: AnyEventObject, info: StepInfo) =>
      act(() => {
        if (!fakes.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
      });
    return {
      ...tableDriver(addUserMachine, {
        states: {
          editing: async ({ context: { fieldErrors, error } }) => {
            if (fieldErrors.phoneNumber) expect(await dialog().findByRole('alert')).toHaveTextContent(PHONE_INVALID_MESSAGE);
            if (error !== null) {
              expect(await dialog().findByRole('alert')).toHaveTextContent('Failed to invite user');
              // Nothing typed is lost.
              expect(dialog().getByRole('textbox', { name: /Name/ })).toHaveValue(VALID.name);
              expect(dialog().getByRole('textbox', { name: /Phone number/ })).toHaveValue(VALID.phoneNumber);
            }
            expect(dialog().getByRole('button', { name: 'Add User' })).toBeEnabled();
          },
          submitting: async () => {
            expect(fakes.inputs('inviteUser').at(-1)).toEqual({
              name: 'Rosa Alvarez',
              email: 'rosa@summit.test',
              phoneNumber: '+15551234567',
              role: 'Supervisor',
              hasLicense: true,
              isActive: true,
            });
            await waitFor(() => expect(dialog().getByRole('button', { name: /Adding/ })).toBeDisabled());
          },
          done: () => {
            expect(actor.getSnapshot().status).toBe('done');
            expect(actor.getSnapshot().output?.name).toBe('Rosa Alvarez');
          },
        },
        events: {
          'addUser.submit': async ({ values }) => {
            await fill(/Name/, values.name);
            await fill(/Email/, values.email);
            await fill(/Phone number/, values.phoneNumber);
            await user.selectOptions(dialog().getByRole('combobox', { name: 'Role' }), values.role);
            if (!dialog().getByRole('checkbox', { name: 'License' }).matches(':checked'))
              await user.click(dialog().getByRole('checkbox', { name: 'License' }));
            const before = fakes.calls('inviteUser').length;
            await user.dblClick(dialog().getByRole('button', { name: 'Add User' }));
            // A double click sends at most one request.
            expect(fakes.calls('inviteUser').length - before).toBeLessThanOrEqual(1);
          },
          'xstate.done.actor.inviteUser': settle,
          'xstate.error.actor.inviteUser': settle,
        },
        arrivals: {
          // A failed invite is shown (the state's entry checks how, and that nothing typed is lost).
          editing: { 'xstate.error.actor.inviteUser': ({ context }) => expect(context.error).not.toBeNull() },
        },
      }),
      teardown() {
        actor.stop();
        view.unmount();
      },
    };
  },
  onReport: (report) => {
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  },
});
