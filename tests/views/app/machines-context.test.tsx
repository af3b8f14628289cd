/**
 * useScreenActor with a machine that comes as a loader (the registry's screen machines): the screen
 * suspends until the machine has loaded, then runs it; and when React replays the suspended screen
 * during a concurrent render (a transition, as src/main.tsx renders), the hooks after `use` still
 * work (skipping `use` on the replay made React fail with "Update hook called on initial render").
 */
import { act, screen, waitFor } from '@testing-library/react';
import { Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useSelector } from '@xstate/react';
import { dashboardMachine } from '../../../src/machines/dashboard';
import { MachinesProvider, useScreenActor } from '../../../src/views/app/machinesContext';
import { createDashboardDoubles } from '../dashboard/render-dashboard';
import { noAppActors } from '../users/render-users';

function Probe() {
  const ref = useScreenActor('dashboard');
  const state = useSelector(ref, (s) => String(s.value));
  return <p data-testid="probe">{state}</p>;
}

async function renderInTransition(loader: () => Promise<typeof dashboardMachine>) {
  const container = document.createElement('div');
  document.body.append(container);
  const recoverable: unknown[] = [];
  const root = createRoot(container, { onRecoverableError: (error) => recoverable.push(error) });
  await act(async () => {
    startTransition(() => {
      root.render(
        <MachinesProvider machines={{ dashboard: loader }} actors={noAppActors}>
          <Suspense fallback={<p>Loading...</p>}>
            <Probe />
          </Suspense>
        </MachinesProvider>,
      );
    });
    await Promise.resolve();
  });
  return {
    recoverable,
    unmount: async () => {
      await act(() => root.unmount());
      container.remove();
    },
  };
}

describe('useScreenActor with a lazily loaded machine', () => {
  it('runs the machine once loaded, with no recoverable error when React replays the screen', async () => {
    const machine = dashboardMachine.provide({ actors: createDashboardDoubles().actors });
    // Already settled when the screen first asks: React suspends, then replays the screen.
    const { recoverable, unmount } = await renderInTransition(() => Promise.resolve(machine));
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('loading'));
    expect(recoverable).toEqual([]);
    await unmount();
  });

  it('shows the fallback while the machine loads, then the screen', async () => {
    const machine = dashboardMachine.provide({ actors: createDashboardDoubles().actors });
    let resolve: (m: typeof machine) => void = () => {};
    const pending = new Promise<typeof machine>((r) => {
      resolve = r;
    });
    const { recoverable, unmount } = await renderInTransition(() => pending);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByTestId('probe')).not.toBeInTheDocument();
    await act(async () => {
      resolve(machine);
      await pending;
    });
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('loading'));
    expect(recoverable).toEqual([]);
    await unmount();
  });
});
