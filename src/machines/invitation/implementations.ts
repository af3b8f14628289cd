import type { User } from '../../contract/api';
import type { Services } from '../../services';
import { fromAbortablePromise } from '../shared';

/** Resend and Revoke invitation on the API (docs/API.md), each aborted when its state is left. */
export function invitationImplementations(services: Pick<Services, 'api'>) {
  const { users } = services.api;
  return {
    actors: {
      resendInvitation: fromAbortablePromise<User, { userId: string }>(({ input, signal }) =>
        users.resendInvitation(input.userId, { signal }),
      ),
      revokeInvitation: fromAbortablePromise<void, { userId: string }>(({ input, signal }) =>
        users.revokeInvitation(input.userId, { signal }),
      ),
    },
  };
}
