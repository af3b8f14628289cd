/**
 * The app's toaster is mounted with the first toast, not with the console (issue 17): Chakra's
 * Toaster copies the store into its state with a flushSync as it mounts, which forced the console's
 * pending renders into one long task on every signed-in page load. Whether the tab has shown a
 * toast is the module's state, fresh in each test file: the first test runs before any toast.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getSystem } from '../../../src/views/theme/system';
import { AppToaster, toaster } from '../../../src/views/shared/toaster';

const toastGroup = () => screen.queryByRole('region', { name: /^Notifications/ });

function renderToaster() {
  return render(
    <ChakraProvider value={getSystem()}>
      <AppToaster />
    </ChakraProvider>,
  );
}

afterEach(() => {
  act(() => toaster.remove());
});

describe('AppToaster', () => {
  it('mounts nothing until a toast is created, then shows that toast', async () => {
    renderToaster();
    expect(toastGroup()).toBeNull();
    act(() => {
      toaster.create({ type: 'success', title: 'Mei King was deleted' });
    });
    expect(await screen.findByText('Mei King was deleted')).toBeInTheDocument();
    expect(toastGroup()).not.toBeNull();
  });

  it('shows a toast created before it mounted', async () => {
    act(() => {
      toaster.create({ type: 'error', title: 'Could not open the dialog' });
    });
    renderToaster();
    expect(await screen.findByText('Could not open the dialog')).toBeInTheDocument();
  });

  it('shows every later toast once mounted', async () => {
    renderToaster();
    act(() => {
      toaster.create({ title: 'First' });
    });
    expect(await screen.findByText('First')).toBeInTheDocument();
    act(() => {
      toaster.create({ title: 'Second' });
    });
    expect(await screen.findByText('Second')).toBeInTheDocument();
  });
});
