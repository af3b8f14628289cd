// @vitest-environment node
/**
 * Named scenarios of the Add User modal (SPEC §2 Users screen, §4 Users, §5, §8): what inviting a
 * member does, read as its specification. Actor level, no rendering: the invitation
 * (POST /api/users/invite) is a promise the scenario settles.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { CreateUserRequest, User } from '../../src/contract/api';
import {
  NEW_USER_DEFAULTS,
  addUserMachine,
  selectAddUserError,
  selectAddUserFieldErrors,
  selectIsSubmitting,
  type AddUserSubmission,
} from '../../src/machines/addUser';
import { INVITE_USER_FALLBACK } from '../../src/machines/usersList';
import { ApiRequestError } from '../../src/services/api/errors';
import { makeUser } from '../views/users/fixtures';
import { pendingActor, settle } from './pending-actor';

const ROSA: AddUserSubmission = {
  name: '  Rosa Alvarez ',
  email: ' rosa@summit.test ',
  phoneNumber: '(555) 123-4567',
  ...NEW_USER_DEFAULTS,
};
const INVITED: User = makeUser(70, { name: 'Rosa Alvarez', email: 'rosa@summit.test', phoneNumber: '+15551234567' });

function openModal() {
  const invite = pendingActor<User, CreateUserRequest>();
  const actor = createActor(addUserMachine.provide({ actors: { inviteUser: invite.logic } })).start();
  const submit = (values: AddUserSubmission) => actor.send({ type: 'addUser.submit', values });
  return { actor, invite, submit };
}

describe('the Add User modal', () => {
  it('a new member defaults to Field Worker, no licence and active', () => {
    expect(NEW_USER_DEFAULTS).toEqual({ role: 'Field Worker', hasLicense: false, isActive: true });
  });

  it('sends one invitation with the trimmed fields and the phone normalised, however often Add is clicked, and ends with the invited member', async () => {
    const { actor, invite, submit } = openModal();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(false);
    expect(selectAddUserError(actor.getSnapshot())).toBeNull();
    expect(selectAddUserFieldErrors(actor.getSnapshot())).toEqual({});

    submit(ROSA);
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(true);
    submit(ROSA);
    expect(invite.calls.map((c) => c.input)).toEqual([
      {
        name: 'Rosa Alvarez',
        email: 'rosa@summit.test',
        phoneNumber: '+15551234567',
        role: 'Field Worker',
        hasLicense: false,
        isActive: true,
      },
    ]);

    invite.last().resolve(INVITED);
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual(INVITED);
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(false);
  });

  it('names each missing field under it and sends nothing', () => {
    const { actor, invite, submit } = openModal();
    submit({ ...ROSA, name: ' ', email: '', phoneNumber: '' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectAddUserFieldErrors(actor.getSnapshot())).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      phoneNumber: 'Phone number is required',
    });
    expect(invite.calls).toHaveLength(0);
  });

  it('a role outside the four is refused before anything is sent', () => {
    const { actor, invite, submit } = openModal();
    submit({ ...ROSA, role: 'Owner' as AddUserSubmission['role'] });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(Object.keys(selectAddUserFieldErrors(actor.getSnapshot()))).toEqual(['role']);
    expect(invite.calls).toHaveLength(0);
  });

  it("a refused invitation shows the server's message and keeps the modal open for another try", async () => {
    const { actor, invite, submit } = openModal();
    submit(ROSA);
    invite.last().reject(new Error('A member with this email already exists'));
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectAddUserError(actor.getSnapshot())).toBe('A member with this email already exists');

    submit(ROSA);
    expect(invite.calls).toHaveLength(2);
    expect(selectAddUserError(actor.getSnapshot())).toBeNull();
    invite.last().resolve(INVITED);
    await settle();
    expect(actor.getSnapshot().output).toEqual(INVITED);
  });

  it("an invitation refused by the rate limit (429) says 'Too many requests. Try again in N seconds.' and keeps the form", async () => {
    const { actor, invite, submit } = openModal();
    submit(ROSA);
    invite.last().reject(new ApiRequestError(429, 'Too Many Requests', { message: 'ignored' }, 45));
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectAddUserError(actor.getSnapshot())).toBe('Too many requests. Try again in 45 seconds.');
  });

  it(`a failure that says nothing reads '${INVITE_USER_FALLBACK}'`, async () => {
    const { actor, invite, submit } = openModal();
    submit(ROSA);
    invite.last().reject(new Error(''));
    await settle();
    expect(INVITE_USER_FALLBACK).toBe('Failed to invite user');
    expect(selectAddUserError(actor.getSnapshot())).toBe('Failed to invite user');
  });

  it('correcting the form clears the earlier field errors and the earlier failure', async () => {
    const { actor, invite, submit } = openModal();
    submit(ROSA);
    invite.last().reject(new Error('Server busy'));
    await settle();
    submit({ ...ROSA, email: 'not an email' });
    expect(selectAddUserFieldErrors(actor.getSnapshot())).toEqual({ email: 'Please enter a valid email address' });
    expect(selectAddUserError(actor.getSnapshot())).toBeNull();

    submit(ROSA);
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(selectAddUserFieldErrors(actor.getSnapshot())).toEqual({});
  });
});

describe('the Add User modal without its implementation', () => {
  it('says the invitation is not provided, and keeps the form', async () => {
    const actor = createActor(addUserMachine).start();
    actor.send({ type: 'addUser.submit', values: ROSA });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectAddUserError(actor.getSnapshot())).toBe('The "inviteUser" actor is not provided');
  });
});
