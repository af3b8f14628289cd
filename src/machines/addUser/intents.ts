/** What the Add User dialog can ask of its machine (./addUserMachine.ts), named. */
import { useMemo } from 'react';
import type { AddUserActorRef, AddUserSubmission } from './addUserMachine';

function addUserIntents(ref: AddUserActorRef) {
  return {
    /** Validates what was typed and, when it is fine, invites the member. */
    submit: (values: AddUserSubmission) => ref.send({ type: 'addUser.submit', values }),
  };
}

/** The dialog's intents for this ref, the same object (and functions) for as long as the ref is. */
export function useAddUserIntents(ref: AddUserActorRef): ReturnType<typeof addUserIntents> {
  return useMemo(() => addUserIntents(ref), [ref]);
}
