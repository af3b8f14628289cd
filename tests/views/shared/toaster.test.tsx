/**
 * The app's toaster is mounted with the first toast, not with the console (issue 17): Chakra's
 * Toaster copies the store into its state with a flushSync as it mounts, which forced the console's
 * pending renders into one long task on every signed-in page load. Whether the tab has shown a
 * toast is the module's state: the first test loads the module afresh, as a new tab does, since
 * the other tests of this file may have toasted before it (--sequence.shuffle).
 */
import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    vi.resetModules();
    const fresh = await import('../../../src/views/shared/toaster');
    const chakra = await import('@chakra-ui/react');
    const theme = await import('../../../src/views/theme/system');
    render(
      <chakra.ChakraProvider value={theme.getSystem()}>
        <fresh.AppToaster />
      </chakra.ChakraProvider>,
    );
    expect(toastGroup()).toBeNull();
    act(() => {
      fresh.toaster.create({ type: 'success', title: 'Mei King was deleted' });
    });
    expect(await screen.findByText('Mei King was deleted')).toBeInTheDocument();
    expect(toastGroup()).not.toBeNull();
    act(() => fresh.toaster.remove());
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
