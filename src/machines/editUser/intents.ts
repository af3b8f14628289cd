/** What the Edit User dialog can ask of its machine (./editUserMachine.ts), named. */
import { useMemo } from 'react';
import type { EditUserActorRef, EditUserEvent } from './editUserMachine';

function editUserIntents(ref: EditUserActorRef) {
  return {
    /** Validates what was typed and, when it is fine, saves it. */
    submit: (values: EditUserEvent['values']) => ref.send({ type: 'editUser.submit', values }),
  };
}

/** The dialog's intents for this ref, the same object (and functions) for as long as the ref is. */
export function useEditUserIntents(ref: EditUserActorRef): ReturnType<typeof editUserIntents> {
  return useMemo(() => editUserIntents(ref), [ref]);
}
