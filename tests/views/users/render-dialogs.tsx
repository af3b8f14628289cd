/** Renders one user dialog on its own machine (no list around it), for the child machines' walks. */
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { createActor, type InspectionEvent } from 'xstate';
import { addUserMachine } from '../../../src/machines/addUser';
import { editUserMachine } from '../../../src/machines/editUser';
import type { User } from '../../../src/contract/api';
import { getSystem } from '../../../src/views/theme/system';
import { AddUserDialog } from '../../../src/views/users/AddUserDialog';
import { EditUserDialog } from '../../../src/views/users/EditUserDialog';
import { createControllableActors } from '../../support/model';

export function renderAddUser(inspect?: (event: InspectionEvent) => void) {
  const fakes = createControllableActors(addUserMachine, ['inviteUser']);
  const actor = createActor(addUserMachine.provide({ actors: fakes.actors }), inspect ? { inspect } : {}).start();
  const closed: number[] = [];
  const view = render(
    <ChakraProvider value={getSystem()}>
      <AddUserDialog actorRef={actor} onClose={() => closed.push(Date.now())} />
    </ChakraProvider>,
  );
  return { fakes, actor, view, closed };
}

export function renderEditUser(user: User, inspect?: (event: InspectionEvent) => void) {
  const fakes = createControllableActors(editUserMachine, ['updateUser', 'loadUser']);
  const actor = createActor(editUserMachine.provide({ actors: fakes.actors }), {
    input: { user },
    ...(inspect ? { inspect } : {}),
  }).start();
  const view = render(
    <ChakraProvider value={getSystem()}>
      <EditUserDialog actorRef={actor} onClose={() => undefined} />
    </ChakraProvider>,
  );
  return { fakes, actor, view };
}
