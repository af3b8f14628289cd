/** What the Add User dialog can ask of its machine (./addUserMachine.ts), named. */
import type { AddUserActorRef, AddUserSubmission } from './addUserMachine';

export function addUserIntents(ref: AddUserActorRef) {
  return {
    /** Validates what was typed and, when it is fine, invites the member. */
    submit: (values: AddUserSubmission) => ref.send({ type: 'addUser.submit', values }),
  };
}
