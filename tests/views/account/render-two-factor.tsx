/** Renders the two-factor dialog as the app does, with the identity calls replaced by controllable doubles. */
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import type { InspectionEvent } from 'xstate';
import { twoFactorMachine } from '../../../src/machines/twoFactor';
import { MachinesProvider } from '../../../src/views/app/machinesContext';
import { TwoFactorDialog } from '../../../src/views/account/TwoFactorDialog';
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
