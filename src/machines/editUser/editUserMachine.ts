/**
 * The Edit User modal: editing -> saving (PUT /api/users/{id}) -> done with the updated user, or
 * back to editing with the server's message (or 'Failed to update user'); the typed values stay
 * in the view. Submits while saving are ignored.
 */
import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { AddUserFormSchema, validate, type FormErrors } from '../../domain/forms';
import { RoleSchema, type UpdateUserRequest, type User } from '../../services/api/schemas';
import { UPDATE_USER_FALLBACK, failureMessage } from '../usersList/messages';

/** Name, email and phone are required as when adding; the phone comes out normalised. */
export const EditUserSubmissionSchema = v.object({
  ...AddUserFormSchema.entries,
  role: RoleSchema,
});
export type EditUserSubmission = v.InferInput<typeof EditUserSubmissionSchema>;
export type EditUserErrors = FormErrors<typeof EditUserSubmissionSchema>;

export interface UpdateUserInput {
  userId: string;
  updates: UpdateUserRequest;
}

export interface EditUserContext {
  user: User;
  fieldErrors: EditUserErrors;
  error: string | null;
  updates: UpdateUserRequest | null;
  updated: User | null;
}

export type EditUserEvent = { type: 'editUser.submit'; values: EditUserSubmission };

export const editUserMachine = setup({
  types: {
    context: {} as EditUserContext,
    events: {} as EditUserEvent,
    input: {} as { user: User },
    output: {} as User,
  },
  actors: {
    updateUser: fromPromise<User, UpdateUserInput>(() => Promise.reject(new Error('The "updateUser" actor is not provided'))),
  },
  guards: {
    isValidSubmission: ({ event }) => validate(EditUserSubmissionSchema, event.values).ok,
  },
  actions: {
    assignUpdates: assign(({ event }) => {
      const result = validate(EditUserSubmissionSchema, event.values);
      return result.ok ? { updates: result.value, fieldErrors: {}, error: null } : {};
    }),
    assignFieldErrors: assign(({ event }) => {
      const result = validate(EditUserSubmissionSchema, event.values);
      return { fieldErrors: result.ok ? {} : result.errors, error: null };
    }),
    assignUpdated: assign((_, user: User) => ({ updated: user })),
    assignError: assign((_, error: unknown) => ({ error: failureMessage(error, UPDATE_USER_FALLBACK) })),
  },
}).createMachine({
  id: 'editUser',
  initial: 'editing',
  context: ({ input }) => ({ user: input.user, fieldErrors: {}, error: null, updates: null, updated: null }),
  output: ({ context }) => context.updated ?? context.user,
  states: {
    editing: {
      on: {
        'editUser.submit': [
          { guard: 'isValidSubmission', target: 'saving', actions: 'assignUpdates' },
          { actions: 'assignFieldErrors' },
        ],
      },
    },
    saving: {
      tags: ['pending'],
      invoke: {
        id: 'updateUser',
        src: 'updateUser',
        input: ({ context }) => ({ userId: context.user.userId, updates: context.updates ?? {} }),
        onDone: { target: 'done', actions: { type: 'assignUpdated', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    done: { type: 'final' },
  },
});

export type EditUserMachine = typeof editUserMachine;
export type EditUserActorRef = ActorRefFrom<typeof editUserMachine>;
export type EditUserSnapshot = SnapshotFrom<typeof editUserMachine>;
