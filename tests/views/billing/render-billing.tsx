/**
 * Renders the billing screens as the app does: inside Chakra and the machines context, with the
 * machines' actors replaced by test doubles (network boundary) and the screen's own routing.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { InspectionEvent } from 'xstate';
import type { MachineRegistry } from '../../../src/machines/registry';
import { MachinesProvider, type AppActors } from '../../../src/views/app/machinesContext';
import { getSystem } from '../../../src/views/theme/system';

const noAppActors = new Proxy({} as AppActors, {
  get(_target, key) {
    throw new Error(`Billing screens should not read app actor "${String(key)}"`);
  },
});

export function renderWithMachines(
  ui: ReactNode,
  {
    machines,
    inspect,
    path = '/billing',
  }: { machines: Partial<MachineRegistry>; inspect?: (event: InspectionEvent) => void; path?: string },
) {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <ChakraProvider value={getSystem()}>
      <Router hook={location.hook}>
        <MachinesProvider machines={machines} actors={noAppActors} {...(inspect ? { inspect } : {})}>
          {ui}
        </MachinesProvider>
      </Router>
    </ChakraProvider>,
  );
  return { ...result, location };
}

/** Renders a bare component (a dialog driven by an actor we created) inside Chakra. */
export function renderPlain(ui: ReactNode) {
  return render(<ChakraProvider value={getSystem()}>{ui}</ChakraProvider>);
}
