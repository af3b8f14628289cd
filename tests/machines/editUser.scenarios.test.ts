// @vitest-environment node
/**
 * Named scenarios of the Edit User modal (SPEC §2, §5, §8; issue 14's "changed by someone else"):
 * saving a member, and what happens when another administrator changed them meanwhile. Actor
 * level, no rendering: the save (PUT /api/users/{id}) and the read again (GET /api/users/{id}) are
 * promises the scenario settles.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { User } from '../../src/contract/api';
import {
  MEMBER_CHANGED,
  MEMBER_CHANGED_HINT,
  editUserMachine,
  selectEditUserError,
  selectEditUserFieldErrors,
  selectEditedUser,
  selectHasConflict,
  selectIsBusy,
  selectIsSaving,
} from '../../src/machines/editUser';
import type { UpdateUserInput } from '../../src/machines/editUser/editUserMachine';
import { UPDATE_USER_FALLBACK } from '../../src/machines/usersList';
import { makeUser } from '../views/users/fixtures';
import { pendingActor, settle } from './pending-actor';

const ANA = makeUser(0, { version: 3 });
const FORM = { name: ' Ana Diaz-Rossi ', email: 'ana@summit.test', phoneNumber: '555 123 4567', role: 'Supervisor' as const };

/** An API error as the client raises it (status and data, SPEC §8). */
function apiError(message: string, status: number, data: unknown): Error {
  return Object.assign(new Error(message), { status, data });
}

function openModal(user: User = ANA) {
  const update = pendingActor<User, UpdateUserInput>();
  const load = pendingActor<User, { userId: string }>();
  const actor = createActor(editUserMachine.provide({ actors: { updateUser: update.logic, loadUser: load.logic } }), {
    input: { user },
  }).start();
  const save = (values = FORM) => actor.send({ type: 'editUser.submit', values });
  return { actor, update, load, save };
}

describe('the Edit User modal', () => {
  it('saves the fields once with the version they were edited from, and ends with the member as saved', async () => {
    const { actor, update, save } = openModal();
    expect(selectEditedUser(actor.getSnapshot())).toEqual(ANA);
    expect(selectHasConflict(actor.getSnapshot())).toBe(false);
    save();
    expect(selectIsSaving(actor.getSnapshot())).toBe(true);
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    save();
    expect(update.calls.map((c) => c.input)).toEqual([
      {
        userId: ANA.userId,
        updates: { name: 'Ana Diaz-Rossi', email: 'ana@summit.test', phoneNumber: '+15551234567', role: 'Supervisor', version: 3 },
      },
    ]);
    const saved = { ...ANA, name: 'Ana Diaz-Rossi', role: 'Supervisor' as const, version: 4 };
    update.last().resolve(saved);
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual(saved);
  });

  it('names what is missing under its field and saves nothing', () => {
    const { actor, update, save } = openModal();
    save({ ...FORM, name: '', phoneNumber: '  ' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectEditUserFieldErrors(actor.getSnapshot())).toEqual({ name: 'Name is required', phoneNumber: 'Phone number is required' });
    expect(update.calls).toHaveLength(0);
  });

  it(`a member changed by someone else meanwhile: '${MEMBER_CHANGED}', nothing overwritten, and they are read again so saving again replaces theirs`, async () => {
    const { actor, update, load, save } = openModal();
    save();
    update.last().reject(apiError('Version mismatch', 409, { field: 'version' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    expect(selectIsSaving(actor.getSnapshot())).toBe(false);
    expect(selectEditUserError(actor.getSnapshot())).toBe('This member was changed by someone else');
    expect(selectHasConflict(actor.getSnapshot())).toBe(true);
    expect(load.calls.map((c) => c.input)).toEqual([{ userId: ANA.userId }]);

    const theirs = { ...ANA, role: 'Admin' as const, version: 5 };
    load.last().resolve(theirs);
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectIsBusy(actor.getSnapshot())).toBe(false);
    expect(selectEditedUser(actor.getSnapshot())).toEqual(theirs);
    expect(selectHasConflict(actor.getSnapshot())).toBe(true);

    save();
    expect(update.last().input.updates.version).toBe(5);
  });

  it('when the member cannot be read again, the message stays and the next save meets the same refusal', async () => {
    const { actor, update, load, save } = openModal();
    save();
    update.last().reject(apiError('Version mismatch', 409, { field: 'version' }));
    await settle();
    load.last().reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectEditUserError(actor.getSnapshot())).toBe(MEMBER_CHANGED);
    // What the dialog says under it: the administrator's changes are kept, and how to go on.
    expect([MEMBER_CHANGED, MEMBER_CHANGED_HINT]).toEqual([
      'This member was changed by someone else',
      'Your changes are still in the form. Save again to replace theirs with yours, or Cancel to keep theirs.',
    ]);
    expect(selectEditedUser(actor.getSnapshot())).toEqual(ANA);
    save();
    expect(update.last().input.updates.version).toBe(3);
  });

  it("any other refusal shows the server's message (a 409 about something else included), and the form stays", async () => {
    const { actor, update, save } = openModal();
    save();
    update.last().reject(apiError('Email already used by another member', 409, { field: 'email' }));
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectEditUserError(actor.getSnapshot())).toBe('Email already used by another member');
    expect(selectHasConflict(actor.getSnapshot())).toBe(false);

    for (const odd of [
      apiError('Conflict', 409, null),
      apiError('Conflict', 409, undefined),
      apiError('Bad', 400, { field: 'version' }),
      null,
      undefined,
      'text',
    ]) {
      save();
      update.last().reject(odd);
      await settle();
      expect(actor.getSnapshot().value).toBe('editing');
      expect(selectHasConflict(actor.getSnapshot())).toBe(false);
    }
  });

  it(`a failure that says nothing reads '${UPDATE_USER_FALLBACK}', and a save after a conflict that fails otherwise is no longer a conflict`, async () => {
    const { actor, update, load, save } = openModal();
    save();
    update.last().reject(apiError('Version mismatch', 409, { field: 'version' }));
    await settle();
    load.last().resolve({ ...ANA, version: 4 });
    await settle();
    save();
    update.last().reject(new Error(''));
    await settle();
    expect(UPDATE_USER_FALLBACK).toBe('Failed to update user');
    expect(selectEditUserError(actor.getSnapshot())).toBe('Failed to update user');
    expect(selectHasConflict(actor.getSnapshot())).toBe(false);
  });

  it('a new save clears the earlier message and field errors', async () => {
    const { actor, update, save } = openModal();
    save();
    update.last().reject(new Error('Server busy'));
    await settle();
    save({ ...FORM, email: 'nope' });
    expect(selectEditUserError(actor.getSnapshot())).toBeNull();
    expect(selectEditUserFieldErrors(actor.getSnapshot())).toEqual({ email: 'Please enter a valid email address' });
    save();
    expect(selectEditUserFieldErrors(actor.getSnapshot())).toEqual({});
    expect(selectEditUserError(actor.getSnapshot())).toBeNull();
  });
});

describe('the Edit User modal without its implementations', () => {
  it('says which one is missing, and keeps the form', async () => {
    const actor = createActor(editUserMachine, { input: { user: ANA } }).start();
    actor.send({ type: 'editUser.submit', values: FORM });
    await settle();
    expect(selectEditUserError(actor.getSnapshot())).toBe('The "updateUser" actor is not provided');
    const refreshing = createActor(
      editUserMachine.provide({
        actors: { updateUser: fromPromise(() => Promise.reject(apiError('Changed', 409, { field: 'version' }))) },
      }),
      { input: { user: ANA } },
    ).start();
    refreshing.send({ type: 'editUser.submit', values: FORM });
    await settle();
    await settle();
    expect(refreshing.getSnapshot().value).toBe('editing');
    expect(selectEditUserError(refreshing.getSnapshot())).toBe(MEMBER_CHANGED);
  });
});
