/**
 * React's Strict Mode (what `npm run dev` renders in) stops every screen's actor once and
 * @xstate/react restarts the same actor. The request the first start made is aborted, and its
 * AbortError must not reach the restarted actor: before src/machines/shared.ts's
 * fromAbortablePromise, every screen's first load in development ended in 'The request was cancelled.'.
 *
 * The Dashboard with its real implementations; the API is the boundary replaced here, answering
 * after a moment and rejecting with an AbortError when its signal is aborted, as the real client does.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { dashboardMachine } from '../../../src/machines/dashboard';
import { dashboardImplementations } from '../../../src/machines/dashboard/implementations';
import type { Services } from '../../../src/services';
import { MachinesProvider } from '../../../src/views/app/machinesContext';
import { DashboardScreen } from '../../../src/views/dashboard/DashboardScreen';
import { getSystem } from '../../../src/views/theme/system';
import { noAppActors } from '../users/render-users';
import { OVERVIEW, STATS } from '../users/fixtures';

/**
 * Resolves with `value` on the event loop's next turn, or rejects as the API client does when
 * `signal` aborts first (Strict Mode's second mount aborts the first request within the same render).
 */
function answer<T>(value: T, signal: AbortSignal | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(value), 0);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('The request was cancelled.', 'AbortError'));
    });
  });
}

describe('Strict Mode', () => {
  it('the dashboard loads once its actor is restarted, and the aborted first request says nothing', async () => {
    const calls: AbortSignal[] = [];
    const api = {
      users: { stats: (opts?: { signal?: AbortSignal }) => (opts?.signal && calls.push(opts.signal), answer(STATS, opts?.signal)) },
      billing: { overview: (opts?: { signal?: AbortSignal }) => answer(OVERVIEW, opts?.signal) },
    };
    // Only the API is used by the dashboard's implementations.
    const services = { api } as unknown as Services;
    const machine = dashboardMachine.provide(dashboardImplementations(services));
    const location = memoryLocation({ path: '/' });
    render(
      <StrictMode>
        <ChakraProvider value={getSystem()}>
          <MachinesProvider machines={{ dashboard: machine }} actors={noAppActors}>
            <Router hook={location.hook}>
              <DashboardScreen />
            </Router>
          </MachinesProvider>
        </ChakraProvider>
      </StrictMode>,
    );

    expect(await within(screen.getByRole('group', { name: 'Total Users' })).findByText('60')).toBeInTheDocument();
    // Strict Mode did stop the first start: its request was aborted, and a second one made.
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(calls[0]?.aborted).toBe(true);
    expect(screen.queryByText('The request was cancelled.')).not.toBeInTheDocument();
    expect(screen.queryByText('Error loading dashboard data')).not.toBeInTheDocument();
  });
});
