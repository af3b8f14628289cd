/**
 * The Add User modal (SPEC §2, §5): editing -> submitting (POST /api/users/invite) -> done, or back
 * to editing with the server's message (or 'Failed to invite user'). The typed values stay in the
 * view, which is never unmounted while this machine runs, so a failure loses nothing.
 * Submits while `submitting` are ignored: a double click sends one request.
 */
import * as v from 'valibot';
import { assign, setup } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { AddUserFormSchema, validate, type FormErrors } from '../../domain/forms';
import { RoleSchema, type CreateUserRequest, type Role, type User } from '../../contract/api';
import { INVITE_USER_FALLBACK } from '../usersList/messages';
import { messageOf, placeholderActor, present } from '../shared';

/** SPEC §4 / §9: a user added via the modal defaults to Field Worker, no licence, active. */
export const NEW_USER_DEFAULTS = { role: 'Field Worker', hasLicense: false, isActive: true } as const satisfies {
  role: Role;
  hasLicense: boolean;
  isActive: boolean;
};

const AddUserSubmissionSchema = v.object({
  ...AddUserFormSchema.entries,
  role: RoleSchema,
  hasLicense: v.boolean(),
  isActive: v.boolean(),
});
export type AddUserSubmission = v.InferInput<typeof AddUserSubmissionSchema>;
export type AddUserErrors = FormErrors<typeof AddUserSubmissionSchema>;

export interface AddUserContext {
  fieldErrors: AddUserErrors;
  error: string | null;
  request: CreateUserRequest | null;
  created: User | null;
}

export type AddUserEvent = { type: 'addUser.submit'; values: AddUserSubmission };

export const addUserMachine = setup({
  types: {
    tags: {} as 'pending',
    context: {} as AddUserContext,
    events: {} as AddUserEvent,
    output: {} as User | null,
  },
  actors: {
    inviteUser: placeholderActor<User, CreateUserRequest>('inviteUser'),
  },
  guards: {
    isValidSubmission: ({ event }) => validate(AddUserSubmissionSchema, event.values).ok,
  },
  actions: {
    assignRequest: assign(({ event }) => {
      const result = validate(AddUserSubmissionSchema, event.values);
      return result.ok ? { request: result.value, fieldErrors: {}, error: null } : {};
    }),
    assignFieldErrors: assign(({ event }) => {
      const result = validate(AddUserSubmissionSchema, event.values);
      return { fieldErrors: result.ok ? {} : result.errors, error: null };
    }),
    assignCreated: assign((_, user: User) => ({ created: user })),
    assignError: assign((_, error: unknown) => ({ error: messageOf(error, INVITE_USER_FALLBACK) })),
  },
}).createMachine({
  id: 'addUser',
  // The SPEC sections it implements (listed on the model coverage page, docs/STATECHARTS.md).
  meta: { spec: ['§2 Users screen', '§4 Users'] },
  initial: 'editing',
  context: { fieldErrors: {}, error: null, request: null, created: null },
  output: ({ context }) => context.created,
  states: {
    editing: {
      on: {
        'addUser.submit': [
          { guard: 'isValidSubmission', target: 'submitting', actions: 'assignRequest' },
          { actions: 'assignFieldErrors' },
        ],
      },
    },
    submitting: {
      tags: ['pending'],
      invoke: {
        id: 'inviteUser',
        src: 'inviteUser',
        // `submitting` is entered only by a valid submit, which sets the request.
        input: ({ context }) => present(context.request),
        onDone: { target: 'done', actions: { type: 'assignCreated', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    done: { type: 'final' },
  },
});

export type AddUserActorRef = ActorRefFrom<typeof addUserMachine>;
export type AddUserSnapshot = SnapshotFrom<typeof addUserMachine>;
