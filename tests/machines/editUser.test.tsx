/**
 * Model-based walk of the edit-user machine through the real Edit User dialog: the PUT and the GET
 * are deferred doubles at the network boundary. Checks validation, 'Failed to update user' with the
 * input kept, an edit made from an older version ('This member was changed by someone else', the
 * input kept, the member read again so the next save carries their version), and the updated user
 * as the machine's output.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { MEMBER_CHANGED, MEMBER_CHANGED_HINT, editUserMachine } from '../../src/machines/editUser';
import { ApiRequestError } from '../../src/services/api/errors';
import { generateModelPaths, walkPaths, type StepInfo } from '../support/model';
import { tableDriver } from '../support/model/tables';
import { renderEditUser } from '../views/users/render-dialogs';
import { makeUser } from '../views/users/fixtures';

configure({ defaultHidden: true });

const USER = makeUser(4);
const NEW_NAME = 'Elena Diaz-Lopez';
/** The member as another administrator left them while the dialog was open. */
const LATEST = { ...USER, role: 'Supervisor' as const, version: USER.version + 1 };
const CHANGED_ELSEWHERE = new ApiRequestError(409, 'Conflict', { message: MEMBER_CHANGED, field: 'version' });

const paths = generateModelPaths(editUserMachine, {
  cover: 'pairs',
  input: { user: USER },
  events: {
    'editUser.submit': [
      { type: 'editUser.submit', values: { name: '', email: USER.email, phoneNumber: USER.phoneNumber, role: USER.role } },
      { type: 'editUser.submit', values: { name: NEW_NAME, email: USER.email, phoneNumber: USER.phoneNumber, role: USER.role } },
    ],
    'xstate.done.actor.updateUser': { type: 'xstate.done.actor.updateUser', output: { ...USER, name: NEW_NAME } },
    'xstate.error.actor.updateUser': [
      { type: 'xstate.error.actor.updateUser', error: new Error('') },
      { type: 'xstate.error.actor.updateUser', error: CHANGED_ELSEWHERE },
    ],
    'xstate.done.actor.loadUser': { type: 'xstate.done.actor.loadUser', output: LATEST },
    'xstate.error.actor.loadUser': { type: 'xstate.error.actor.loadUser', error: new Error('') },
  },
});

walkPaths({
  machineId: 'editUser',
  machine: editUserMachine,
  paths,
  timeout: 10_000,
  setup: ({ inspect }) => {
    const { fakes, actor, view } = renderEditUser(USER, inspect);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const dialog = () => within(screen.getByRole('dialog', { name: 'Edit User' }));
    const settle = (event: AnyEventObject, info: StepInfo) =>
      act(() => {
        if (!fakes.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
      });
    return {
      ...tableDriver(editUserMachine, {
        states: {
          editing: async ({ context }) => {
            expect(dialog().getByRole('textbox', { name: /Email/ })).toHaveValue(USER.email);
            if (context.fieldErrors.name) expect(await dialog().findByText('Name is required')).toBeInTheDocument();
            if (context.error !== null) {
              const alert = await dialog().findByRole('alert');
              if (context.conflict) {
                expect(alert).toHaveTextContent(MEMBER_CHANGED);
                expect(alert).toHaveTextContent(MEMBER_CHANGED_HINT);
              } else {
                expect(alert).toHaveTextContent('Failed to update user');
              }
              // Nothing typed is lost (and the role shown is still the one the form started from).
              expect(dialog().getByRole('textbox', { name: /Name/ })).toHaveValue(NEW_NAME);
              expect(dialog().getByRole('combobox', { name: 'Role' })).toHaveValue(USER.role);
            }
          },
          saving: async ({ context }) => {
            // The edit carries the version it was made from: the latest read, after a conflict.
            expect(fakes.inputs('updateUser').at(-1)).toEqual({
              userId: USER.userId,
              updates: {
                name: NEW_NAME,
                email: USER.email,
                phoneNumber: USER.phoneNumber,
                role: USER.role,
                version: context.user.version,
              },
            });
            await waitFor(() => expect(dialog().getByRole('button', { name: /Saving/ })).toBeDisabled());
          },
          refreshing: async () => {
            expect(fakes.inputs('loadUser').at(-1)).toEqual({ userId: USER.userId });
            expect(await dialog().findByRole('alert')).toHaveTextContent(MEMBER_CHANGED);
            await waitFor(() => expect(dialog().getByRole('button', { name: /Checking/ })).toBeDisabled());
          },
          done: () => {
            expect(actor.getSnapshot().status).toBe('done');
            expect(actor.getSnapshot().output).toEqual({ ...USER, name: NEW_NAME });
          },
        },
        events: {
          'editUser.submit': async ({ values: { name } }) => {
            const input = dialog().getByRole('textbox', { name: /Name/ });
            await user.clear(input);
            if (name !== '') {
              await user.click(input);
              await user.paste(name);
            }
            await user.click(dialog().getByRole('button', { name: 'Save changes' }));
          },
          'xstate.done.actor.updateUser': settle,
          'xstate.error.actor.updateUser': settle,
          'xstate.done.actor.loadUser': settle,
          'xstate.error.actor.loadUser': settle,
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
