import { fromAbortablePromise } from '../shared';
import type { Services } from '../../services';
import type { CreateUserRequest, User } from '../../contract/api';

export function addUserImplementations(services: Services) {
  return {
    actors: {
      inviteUser: fromAbortablePromise<User, CreateUserRequest>(({ input, signal }) => services.api.users.invite(input, { signal })),
    },
  };
}
