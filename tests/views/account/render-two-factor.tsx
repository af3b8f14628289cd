/** Renders the two-factor dialog as the app does, with the identity calls replaced by controllable doubles. */
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { createActor, createMachine, type InspectionEvent } from 'xstate';
import type { AuthActorRef } from '../../../src/machines/auth';
import { twoFactorMachine } from '../../../src/machines/twoFactor';
import { MachinesProvider } from '../../../src/views/app/machinesContext';
import { TwoFactorDialog } from '../../../src/views/account/TwoFactorDialog';
import { Header } from '../../../src/views/layout/Header';
import { getSystem } from '../../../src/views/theme/system';
import { createControllableActors } from '../../support/model';
import { noAppActors } from '../users/render-users';

export function createTwoFactorDoubles() {
  return createControllableActors(twoFactorMachine, ['loadStatus', 'startSetup', 'enableTwoFactor', 'disableTwoFactor']);
}

export function renderTwoFactorDialog(options: {
  doubles: ReturnType<typeof createTwoFactorDoubles>;
  onClose?: () => void;
  inspect?: (event: InspectionEvent) => void;
}) {
  const machine = twoFactorMachine.provide({ actors: options.doubles.actors });
  return render(
    <ChakraProvider value={getSystem()}>
      <MachinesProvider machines={{ twoFactor: machine }} actors={noAppActors} {...(options.inspect ? { inspect: options.inspect } : {})}>
        <TwoFactorDialog onClose={options.onClose ?? (() => undefined)} />
      </MachinesProvider>
    </ChakraProvider>,
  );
}

/** The signed-in administrator's email in the header's tests. */
export const EMAIL = 'ada@summit.test';

/** The header reads the signed-in email and the sign-out state of the auth actor; this one only has those. */
function signedInAuth(): AuthActorRef {
  const stand = createMachine({
    id: 'auth',
    context: { user: { username: 'uuid-ada', email: EMAIL, attributes: {} } },
    initial: 'signedIn',
    states: { signedIn: {} },
  });
  return createActor(stand).start() as unknown as AuthActorRef;
}

export function renderHeader(doubles: ReturnType<typeof createTwoFactorDoubles>) {
  return render(
    <ChakraProvider value={getSystem()}>
      <MachinesProvider machines={{ twoFactor: twoFactorMachine.provide({ actors: doubles.actors }) }} actors={{ auth: signedInAuth() }}>
        <Header />
      </MachinesProvider>
    </ChakraProvider>,
  );
}
