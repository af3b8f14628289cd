/**
 * Every machine with its real implementations, built once from the services by the composition
 * root. Views take machine logic from here (through the React context) and never see a service.
 * Tests build their own registry-shaped objects with fake actors.
 */
import type { Services } from '../services';
import { authImplementations, authMachine } from './auth';

export function createMachineRegistry(services: Services) {
  return {
    auth: authMachine.provide(authImplementations(services)),
  };
}

export type MachineRegistry = ReturnType<typeof createMachineRegistry>;
