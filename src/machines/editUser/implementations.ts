import { fromAbortablePromise } from '../shared';
import type { Services } from '../../services';
import type { User } from '../../contract/api';
import type { UpdateUserInput } from './editUserMachine';

export function editUserImplementations(services: Services) {
  return {
    actors: {
      updateUser: fromAbortablePromise<User, UpdateUserInput>(({ input, signal }) =>
        services.api.users.update(input.userId, input.updates, { signal }),
      ),
      loadUser: fromAbortablePromise<User, { userId: string }>(({ input, signal }) => services.api.users.get(input.userId, { signal })),
    },
  };
}
