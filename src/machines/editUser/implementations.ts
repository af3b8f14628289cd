import { fromPromise } from 'xstate';
import type { Services } from '../../services';
import type { User } from '../../contract/api';
import type { UpdateUserInput } from './editUserMachine';

export function editUserImplementations(services: Services) {
  return {
    actors: {
      updateUser: fromPromise<User, UpdateUserInput>(({ input, signal }) =>
        services.api.users.update(input.userId, input.updates, { signal }),
      ),
      loadUser: fromPromise<User, { userId: string }>(({ input, signal }) => services.api.users.get(input.userId, { signal })),
    },
  };
}
