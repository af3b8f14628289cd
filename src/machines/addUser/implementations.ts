import { fromPromise } from 'xstate';
import type { Services } from '../../services';
import type { CreateUserRequest, User } from '../../contract/api';

export function addUserImplementations(services: Services) {
  return {
    actors: {
      inviteUser: fromPromise<User, CreateUserRequest>(({ input, signal }) => services.api.users.invite(input, { signal })),
    },
  };
}
