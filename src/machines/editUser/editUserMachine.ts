/**
 * The Edit User modal: editing -> saving (PUT /api/users/{id}) -> done with the updated user, or
 * back to editing with the server's message (or 'Failed to update user'); the typed values stay
 * in the view. Submits while saving are ignored.
 *
 * The edit carries the member's `version` it was made from. When another administrator changed
 * the member since (409 on `version`), nothing is overwritten: the dialog says 'This member was
 * changed by someone else', keeps what was typed, and reads the member again (`refreshing`), so
 * that saving again is a deliberate choice to replace their changes.
 */
import * as v from 'valibot';
import { assign, setup } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { AddUserFormSchema, validate, type FormErrors } from '../../domain/forms';
import { RoleSchema, type UpdateUserRequest, type User } from '../../contract/api';
import { UPDATE_USER_FALLBACK } from '../usersList/messages';
import { messageOf, placeholderActor } from '../shared';

/** Name, email and phone are required as when adding; the phone comes out normalised. */
const EditUserSubmissionSchema = v.object({
  ...AddUserFormSchema.entries,
  role: RoleSchema,
});
type EditUserSubmission = v.InferInput<typeof EditUserSubmissionSchema>;
export type EditUserErrors = FormErrors<typeof EditUserSubmissionSchema>;

/** The API's answer to an edit made from an older version of the member (409). */
export const MEMBER_CHANGED = 'This member was changed by someone else';
/** What the dialog adds under it: nothing typed is lost, and what saving again does. */
export const MEMBER_CHANGED_HINT = 'Your changes are still in the form. Save again to replace theirs with yours, or Cancel to keep theirs.';

export interface UpdateUserInput {
  userId: string;
  /** The fields, and the `version` of the member they were edited from. */
  updates: UpdateUserRequest;
}

export interface EditUserContext {
  /** The member being edited, as last read (its `version` goes with the next save). */
  user: User;
  fieldErrors: EditUserErrors;
  error: string | null;
  /** The last save was refused because the member had changed since the dialog read them. */
  conflict: boolean;
  updates: UpdateUserRequest | null;
  updated: User | null;
}

export type EditUserEvent = { type: 'editUser.submit'; values: EditUserSubmission };

/** A 409 naming `version`: the API's "changed by someone else" (read structurally: machines import service types only). */
function isVersionConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { status, data } = error as { status?: unknown; data?: unknown };
  return status === 409 && typeof data === 'object' && data !== null && (data as { field?: unknown }).field === 'version';
}

export const editUserMachine = setup({
  types: {
    tags: {} as 'pending',
    context: {} as EditUserContext,
    events: {} as EditUserEvent,
    input: {} as { user: User },
    output: {} as User,
  },
  actors: {
    updateUser: placeholderActor<User, UpdateUserInput>('updateUser'),
    loadUser: placeholderActor<User, { userId: string }>('loadUser'),
  },
  guards: {
    isValidSubmission: ({ event }) => validate(EditUserSubmissionSchema, event.values).ok,
    isVersionConflict: (_, error: unknown) => isVersionConflict(error),
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
    assignError: assign((_, error: unknown) => ({ error: messageOf(error, UPDATE_USER_FALLBACK), conflict: false })),
    assignConflict: assign({ error: MEMBER_CHANGED, conflict: true }),
    assignLatest: assign((_, user: User) => ({ user })),
  },
}).createMachine({
  id: 'editUser',
  // The SPEC sections it implements (listed on the model coverage page, docs/STATECHARTS.md).
  meta: { spec: ['§2 Users screen', '§4 Users'] },
  initial: 'editing',
  context: ({ input }) => ({ user: input.user, fieldErrors: {}, error: null, conflict: false, updates: null, updated: null }),
  output: ({ context }) => context.updated ?? context.user,
  states: {
    editing: {
      on: {
        'editUser.submit': [{ guard: 'isValidSubmission', target: 'saving', actions: 'assignUpdates' }, { actions: 'assignFieldErrors' }],
      },
    },
    saving: {
      tags: ['pending'],
      invoke: {
        id: 'updateUser',
        src: 'updateUser',
        input: ({ context }) => ({ userId: context.user.userId, updates: { ...context.updates, version: context.user.version } }),
        onDone: { target: 'done', actions: { type: 'assignUpdated', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isVersionConflict', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'refreshing',
            actions: 'assignConflict',
          },
          { target: 'editing', actions: { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => event.error } },
        ],
      },
    },
    refreshing: {
      description: 'The member changed elsewhere: read them again, so a second save carries their current version.',
      tags: ['pending'],
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        input: ({ context }) => ({ userId: context.user.userId }),
        onDone: { target: 'editing', actions: { type: 'assignLatest', params: ({ event }) => event.output } },
        // Not read: the message stays, and a second save meets the same 409 (and tries again).
        onError: { target: 'editing' },
      },
    },
    done: { type: 'final' },
  },
});

export type EditUserActorRef = ActorRefFrom<typeof editUserMachine>;
export type EditUserSnapshot = SnapshotFrom<typeof editUserMachine>;
