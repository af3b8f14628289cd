/**
 * Two-factor sign-in in the console: the account menu on the header's username (and its phone-width
 * button) opens the dialog, whose code arrives when the menu first opens; the dialog shows the QR
 * code and the key, takes a pasted code, and says when two-factor sign-in is on or off. The identity
 * calls are the doubles (the boundary: the user pool).
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { encode } from 'uqr';
import { IdentityError, type TwoFactorSetup } from '../../../src/services/identity';
import { QrCode } from '../../../src/views/account/QrCode';
import { loadAccountMenu } from '../../../src/views/account/AccountMenu';
import { EMAIL, createTwoFactorDoubles, renderHeader, renderTwoFactorDialog } from './render-two-factor';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const SETUP: TwoFactorSetup = {
  secret: SECRET,
  uri: `otpauth://totp/Hardline:ada%40summit.test?secret=${SECRET}&issuer=Hardline`,
  account: EMAIL,
};
const WRONG = 'That code is not right. Check your authenticator app and try again.';
const QR = 'QR code for your authenticator app';

/**
 * The header, rendered in an awaited `act` so that the account menu's code, when it is still on its
 * way, replaces the stand-in as it arrives (a render in a plain `act` leaves React's retry of the
 * suspended menu in act's queue, and the stand-in would stay until pressed). The stand-in itself
 * is tested in ./AccountMenuStandIn.test.tsx.
 */
async function renderLiveHeader(doubles: ReturnType<typeof createTwoFactorDoubles>) {
  await act(async () => {
    renderHeader(doubles);
    await loadAccountMenu();
  });
}

const dialog = () => screen.getByRole('dialog', { name: 'Two-factor sign-in' });

/**
 * Chooses 'Two-factor sign-in' in the account menu by keyboard. By pointer, Chakra's menu (zag 1.43)
 * highlights an item only on a pointer move to new coordinates, and user-event puts every pointer
 * event at (0, 0): after the first click of a run, later clicks select nothing (chakra-ui/zag#3298).
 */
async function chooseTwoFactor(user: ReturnType<typeof userEvent.setup>, trigger: HTMLElement) {
  act(() => trigger.focus());
  await user.keyboard('{Enter}');
  const item = await screen.findByRole('menuitem', { name: 'Two-factor sign-in' });
  await waitFor(() => expect(item).toHaveAttribute('data-highlighted'));
  await user.keyboard('{Enter}');
}
const statuses = () =>
  within(dialog())
    .queryAllByRole('status')
    .map((s) => s.textContent);

/** The username's button once the menu's code has arrived (the stand-in has no aria-expanded). */
async function liveNameTrigger(): Promise<HTMLElement> {
  let trigger: HTMLElement | null = null;
  await waitFor(() => {
    // The button around the username's text: jsdom applies no media query, so from md up it is
    // hidden here, and its stand-in (the same button before the menu's code arrives) is there too.
    // eslint-disable-next-line testing-library/no-node-access
    trigger = screen.getByTestId('signed-in-username').closest('button');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });
  if (!trigger) throw new Error('the username is not a button');
  return trigger;
}

describe('the account menu', () => {
  it("opens Two-factor sign-in from the username, which stays the menu's label", async () => {
    const doubles = createTwoFactorDoubles();
    const user = userEvent.setup();
    await renderLiveHeader(doubles);
    expect(screen.getByTestId('signed-in-username')).toHaveTextContent(EMAIL);
    // From md up (jsdom applies no media query, so it is hidden here): the username is the menu's button.
    const trigger = await liveNameTrigger();
    expect(trigger).toHaveAttribute('aria-label', `Account: ${EMAIL}`);
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();

    await chooseTwoFactor(user, trigger);
    expect(await screen.findByRole('dialog', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    await waitFor(() => expect(doubles.pending('loadStatus')).toHaveLength(1));
    act(() => doubles.resolve('loadStatus', { enabled: false }));
    expect(await within(dialog()).findByRole('heading', { name: 'Status: Off' })).toBeInTheDocument();

    await user.click(within(dialog()).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    // Opened again: a new machine reads the setting again.
    await chooseTwoFactor(user, trigger);
    await waitFor(() => expect(doubles.pending('loadStatus')).toHaveLength(1));
    expect(doubles.calls('loadStatus')).toHaveLength(2);
  });

  it('is an Account button at phone width, where the username is hidden', async () => {
    const doubles = createTwoFactorDoubles();
    const user = userEvent.setup();
    await renderLiveHeader(doubles);
    // The live menu's button once its code is here (it takes the stand-in's place).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account' })).toHaveAttribute('aria-expanded', 'false'));
    await chooseTwoFactor(user, screen.getByRole('button', { name: 'Account' }));
    expect(await screen.findByRole('dialog', { name: 'Two-factor sign-in' })).toBeInTheDocument();
  });
});

describe('the two-factor dialog', () => {
  it('sets up with the QR code or the key, a pasted code, and then says it is on', async () => {
    const doubles = createTwoFactorDoubles();
    const user = userEvent.setup();
    renderTwoFactorDialog({ doubles });
    act(() => doubles.resolve('loadStatus', { enabled: false }));
    await user.click(await within(dialog()).findByRole('button', { name: 'Set up' }));
    act(() => doubles.resolve('startSetup', SETUP));

    const heading = await within(dialog()).findByRole('heading', { name: 'Set up your authenticator app' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(dialog()).getByRole('img', { name: QR })).toBeInTheDocument();
    expect(within(dialog()).getByTestId('two-factor-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(within(dialog()).getByText(/for ada@summit\.test/)).toBeInTheDocument();

    // Copy puts the key itself (no spaces) on the clipboard.
    await user.click(within(dialog()).getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(dialog()).getByRole('button', { name: 'Key copied' })).toBeInTheDocument();

    const code = within(dialog()).getByRole('textbox', { name: /6-digit code/ });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.click(code);
    await user.paste('000000');
    await user.click(within(dialog()).getByRole('button', { name: 'Turn on' }));
    expect(doubles.pending('enableTwoFactor')[0]?.input).toEqual({ code: '000000' });
    act(() => doubles.reject('enableTwoFactor', new IdentityError(WRONG, 'rejected')));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(WRONG);
    expect(code).toHaveValue('000000');

    await user.clear(code);
    await user.paste('123456');
    await user.keyboard('{Enter}');
    expect(doubles.pending('enableTwoFactor')[0]?.input).toEqual({ code: '123456' });
    act(() => doubles.resolve('enableTwoFactor', undefined));
    await waitFor(() => expect(statuses()).toContain('Two-factor sign-in is on.'));
    const status = within(dialog()).getByRole('heading', { name: 'Status: On' });
    await waitFor(() => expect(status).toHaveFocus());
    expect(within(dialog()).queryByRole('img', { name: QR })).not.toBeInTheDocument();
  });

  it('turns off with a current code, and Cancel keeps it on', async () => {
    const doubles = createTwoFactorDoubles();
    const user = userEvent.setup();
    renderTwoFactorDialog({ doubles });
    act(() => doubles.resolve('loadStatus', { enabled: true }));
    await user.click(await within(dialog()).findByRole('button', { name: 'Turn off' }));
    const code = within(dialog()).getByRole('textbox', { name: /6-digit code/ });
    await waitFor(() => expect(code).toHaveFocus());
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog()).getByRole('heading', { name: 'Status: On' })).toBeInTheDocument();

    await user.click(within(dialog()).getByRole('button', { name: 'Turn off' }));
    await user.paste('654321');
    await user.click(within(dialog()).getByRole('button', { name: 'Turn off' }));
    act(() => doubles.resolve('disableTwoFactor', undefined));
    await waitFor(() => expect(statuses()).toContain('Two-factor sign-in is off.'));
    expect(within(dialog()).getByRole('heading', { name: 'Status: Off' })).toBeInTheDocument();
    expect(doubles.calls('disableTwoFactor').map((c) => c.input)).toEqual([{ code: '654321' }]);
  });

  it('cannot be closed while a code is being checked', async () => {
    const doubles = createTwoFactorDoubles();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderTwoFactorDialog({ doubles, onClose });
    act(() => doubles.resolve('loadStatus', { enabled: true }));
    await user.click(await within(dialog()).findByRole('button', { name: 'Turn off' }));
    await user.paste('654321');
    await user.keyboard('{Enter}');
    expect(within(dialog()).getByRole('button', { name: 'Close' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    act(() => doubles.resolve('disableTwoFactor', undefined));
    await within(dialog()).findByRole('heading', { name: 'Status: Off' });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});

describe('the QR code', () => {
  it("draws exactly the encoder's dark modules, with the quiet zone", () => {
    render(<QrCode value={SETUP.uri} label={QR} />);
    const svg = screen.getByRole('img', { name: QR });
    // The drawing itself (one path of dark modules) is what is compared: no query reaches inside an image.
    // eslint-disable-next-line testing-library/no-node-access
    const path = svg.querySelector('path')?.getAttribute('d') ?? '';
    const drawn = new Set<string>();
    for (const [, x, y, width] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
      for (let i = 0; i < Number(width); i += 1) drawn.add(`${Number(x) + i},${y}`);
    }
    const qr = encode(SETUP.uri, { ecc: 'M', border: 4 });
    const dark = new Set<string>();
    qr.data.forEach((row, y) => row.forEach((on, x) => on && dark.add(`${x},${y}`)));
    expect(drawn).toEqual(dark);
    expect(svg).toHaveAttribute('viewBox', `0 0 ${qr.size} ${qr.size}`);
    // The finder pattern's corner sits inside the 4-module quiet zone.
    expect(drawn.has('4,4')).toBe(true);
    expect(drawn.has('3,3')).toBe(false);
  });
});
