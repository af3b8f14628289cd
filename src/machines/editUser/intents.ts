/** What the Edit User dialog can ask of its machine (./editUserMachine.ts), named. */
import type { EditUserActorRef, EditUserEvent } from './editUserMachine';

export function editUserIntents(ref: EditUserActorRef) {
  return {
    /** Validates what was typed and, when it is fine, saves it. */
    submit: (values: EditUserEvent['values']) => ref.send({ type: 'editUser.submit', values }),
  };
}
