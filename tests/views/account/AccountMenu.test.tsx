/**
 * The account menu's 'Sign out of all devices' (issue 37, item 2): it asks the session machine to
 * end every session of the account. What that does is the machine's (tests/machines/auth.*) and the
 * browser test's (tests/e2e/sessions.spec.ts).
 */
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { authMachine } from '../../../src/machines/auth';
import { AccountMenuLive } from '../../../src/views/account/AccountMenuLive';
import { MachinesProvider } from '../../../src/views/app/machinesContext';
import { getSystem } from '../../../src/views/theme/system';
import { chooseFromMenu } from '../../support/menus';
// For its ResizeObserver stand-in (jsdom has none; Chakra's menus position themselves with one).
import '../users/render-users';

describe('the account menu', () => {
  it('offers Sign out of all devices, which sends auth.signOutAllDevices', async () => {
    const auth = createActor(authMachine);
    const send = vi.spyOn(auth, 'send').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(
      <ChakraProvider value={getSystem()}>
        <MachinesProvider machines={{}} actors={{ auth }}>
          <AccountMenuLive username="ada@example.com" openAtStart={null} />
        </MachinesProvider>
      </ChakraProvider>,
    );
    const offered = await chooseFromMenu(
      user,
      screen.getAllByRole('button', { name: /ada@example.com|account/i })[0]!,
      'Sign out of all devices',
    );
    expect(offered).toContain('Two-factor sign-in');
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ type: 'auth.signOutAllDevices' });
  });
});
