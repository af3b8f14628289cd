/**
 * The account menu before its code arrives (src/views/account/AccountMenu.tsx): the same buttons
 * stand in, and one pressed meanwhile opens the menu when it arrives. In a file of its own, so that
 * the menu's chunk has not been imported by another test, in whatever order they run
 * (--sequence.shuffle); the menu itself is tested in ./TwoFactor.test.tsx.
 */
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTwoFactorDoubles, renderHeader } from './render-two-factor';

describe('the account menu, before its code arrives', () => {
  it("stands in with the same buttons until the menu's code arrives, and opens if pressed meanwhile", async () => {
    renderHeader(createTwoFactorDoubles());
    const standIn = screen.getByRole('button', { name: 'Account' });
    expect(standIn).not.toHaveAttribute('aria-expanded');
    act(() => standIn.click());
    expect(await screen.findByRole('menuitem', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account' })).toHaveAttribute('aria-expanded', 'true');
  });
});
