/**
 * Model-based walk of the edit-user machine through the real Edit User dialog: the PUT is a
 * deferred double at the network boundary. Checks validation, 'Failed to update user' with the
 * input kept, and the updated user as the machine's output.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { editUserMachine } from '../../src/machines/editUser';
import { generateModelPaths, walkPaths } from '../support/model';
import { renderEditUser } from '../views/users/render-dialogs';
import { makeUser } from '../views/users/fixtures';

configure({ defaultHidden: true, asyncUtilTimeout: 5000 });

const USER = makeUser(4);
const NEW_NAME = 'Elena Diaz-Lopez';

const paths = generateModelPaths(editUserMachine, {
  input: { user: USER },
  events: {
    'editUser.submit': [
      { type: 'editUser.submit', values: { name: '', email: USER.email, phoneNumber: USER.phoneNumber, role: USER.role } },
      { type: 'editUser.submit', values: { name: NEW_NAME, email: USER.email, phoneNumber: USER.phoneNumber, role: USER.role } },
    ],
    'xstate.done.actor.updateUser': { type: 'xstate.done.actor.updateUser', output: { ...USER, name: NEW_NAME } },
    'xstate.error.actor.updateUser': { type: 'xstate.error.actor.updateUser', error: new Error('') },
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
    return {
      async perform(event, info) {
        if (event.type === 'editUser.submit') {
          const { name } = (event as unknown as { values: { name: string } }).values;
          const input = dialog().getByRole('textbox', { name: /Name/ });
          await user.clear(input);
          if (name !== '') {
            await user.click(input);
            await user.paste(name);
          }
          await user.click(dialog().getByRole('button', { name: 'Save changes' }));
          return;
        }
        act(() => {
          if (!fakes.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
        });
      },
      async assert(state, snapshot) {
        if (state === 'editing') {
          expect(dialog().getByRole('textbox', { name: /Email/ })).toHaveValue(USER.email);
          if (snapshot.context.fieldErrors.name) expect(await dialog().findByText('Name is required')).toBeInTheDocument();
          if (snapshot.context.error !== null) {
            expect(await dialog().findByRole('alert')).toHaveTextContent('Failed to update user');
            expect(dialog().getByRole('textbox', { name: /Name/ })).toHaveValue(NEW_NAME);
          }
        }
        if (state === 'saving') {
          expect(fakes.inputs('updateUser').at(-1)).toEqual({
            userId: USER.userId,
            updates: { name: NEW_NAME, email: USER.email, phoneNumber: USER.phoneNumber, role: USER.role },
          });
          await waitFor(() => expect(dialog().getByRole('button', { name: /Saving/ })).toBeDisabled());
        }
        if (state === 'done') {
          expect(actor.getSnapshot().status).toBe('done');
          expect(actor.getSnapshot().output).toEqual({ ...USER, name: NEW_NAME });
        }
      },
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
