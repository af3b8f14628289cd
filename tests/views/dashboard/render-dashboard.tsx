/** Renders the Dashboard as the app does, with its one side effect replaced by a test double. */
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { InspectionEvent } from 'xstate';
import { dashboardMachine } from '../../../src/machines/dashboard';
import { MachinesProvider } from '../../../src/views/app/machinesContext';
import { DashboardScreen } from '../../../src/views/dashboard/DashboardScreen';
import { getSystem } from '../../../src/views/theme/system';
import { createControllableActors } from '../../support/model';
import { noAppActors } from '../users/render-users';

export function createDashboardDoubles() {
  return createControllableActors(dashboardMachine, ['load']);
}

export function renderDashboard(options: {
  doubles: ReturnType<typeof createDashboardDoubles>;
  inspect?: (event: InspectionEvent) => void;
}) {
  const location = memoryLocation({ path: '/', record: true });
  const machine = dashboardMachine.provide({ actors: options.doubles.actors });
  const result = render(
    <ChakraProvider value={getSystem()}>
      <MachinesProvider machines={{ dashboard: machine }} actors={noAppActors} {...(options.inspect ? { inspect: options.inspect } : {})}>
        <Router hook={location.hook}>
          <DashboardScreen />
        </Router>
      </MachinesProvider>
    </ChakraProvider>,
  );
  return { ...result, location };
}
