/**
 * What a row of User Management asks of the row changes (./rowChangesMachine.ts) directly: Restore,
 * in the row menu of a member in Recently deleted. The answer reaches the list as every row
 * change's does (`row.*`), which takes the member off Recently deleted and counts them again.
 */
import type { User } from '../../contract/api';
import type { RowChangesActorRef } from './rowChangesMachine';

export function rowChangesIntents(ref: RowChangesActorRef | undefined) {
  return {
    restore: (user: User) => ref?.send({ type: 'users.restore', user }),
  };
}
