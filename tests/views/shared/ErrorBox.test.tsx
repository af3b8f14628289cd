/**
 * ErrorBox, every screen's load failure: 'Try again', which also happens by itself each time the
 * browser comes back online (a phone on a site that found its signal again), and never after the
 * box has gone.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBox } from '../../../src/views/shared/ErrorBox';
import { getSystem } from '../../../src/views/theme/system';

const renderBox = (onRetry?: () => void) =>
  render(
    <ChakraProvider value={getSystem()}>
      <ErrorBox title="Error loading users" message="Cannot reach the server." onRetry={onRetry} />
    </ChakraProvider>,
  );

const comeBackOnline = () => act(() => void window.dispatchEvent(new Event('online')));

describe('ErrorBox', () => {
  it("shows the title and the message, and 'Try again' retries", async () => {
    const onRetry = vi.fn();
    renderBox(onRetry);
    expect(screen.getByRole('alert')).toHaveTextContent('Error loading users');
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot reach the server.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('tries again by itself each time the connection comes back, with the latest retry', () => {
    const first = vi.fn();
    const view = renderBox(first);
    comeBackOnline();
    expect(first).toHaveBeenCalledTimes(1);
    const second = vi.fn();
    view.rerender(
      <ChakraProvider value={getSystem()}>
        <ErrorBox title="Error loading users" message="Cannot reach the server." onRetry={second} />
      </ChakraProvider>,
    );
    comeBackOnline();
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the connection comes back after it has gone', () => {
    const onRetry = vi.fn();
    const view = renderBox(onRetry);
    view.unmount();
    comeBackOnline();
    expect(onRetry).not.toHaveBeenCalled();
  });

  it('without a retry, has no button and listens to nothing', () => {
    const add = vi.spyOn(window, 'addEventListener');
    renderBox();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(add.mock.calls.filter(([type]) => type === 'online')).toEqual([]);
    add.mockRestore();
  });
});
