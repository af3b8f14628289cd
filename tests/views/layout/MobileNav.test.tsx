/**
 * The header's navigation drawer (phones and tablets) is mounted on the first press of its button,
 * not with the header: until then the button stands alone, and the drawer's dialog machine and
 * portal cost the signed-in console's first render nothing.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { MobileNav } from '../../../src/views/layout/Header';
import { getSystem } from '../../../src/views/theme/system';

function renderNav() {
  const location = memoryLocation({ path: '/', record: true });
  render(
    <ChakraProvider value={getSystem()}>
      <Router hook={location.hook}>
        <MobileNav />
      </Router>
    </ChakraProvider>,
  );
  return location;
}

describe('MobileNav', () => {
  it('renders the menu button alone until it is pressed: no dialog, no navigation in the page', () => {
    renderNav();
    const button = screen.getByRole('button', { name: 'Open navigation' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    // Not even a hidden drawer: none of its parts is in the document until the first press.
    // eslint-disable-next-line testing-library/no-node-access
    expect(document.querySelector('[data-scope="dialog"], [data-scope="drawer"]')).toBeNull();
  });

  it('opens the drawer on the first press, closes it on Escape with the focus back on the button, and opens it again', async () => {
    const user = userEvent.setup();
    renderNav();
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'User Management' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const button = screen.getByRole('button', { name: 'Open navigation' });
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('closes the drawer when a link is followed, on the page the link names', async () => {
    const user = userEvent.setup();
    const location = renderNav();
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('link', { name: 'User Management' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location.history?.at(-1)).toBe('/users');
  });
});
