/**
 * Choosing from a Chakra (Zag) menu in jsdom, the one way that holds on a busy machine.
 *
 * A pointer click on a menu item is not dependable here: Zag highlights an item on pointer moves,
 * which jsdom cannot report, and while the menu opens its items can be replaced, so a click found
 * before that lands on an element that is already gone and chooses nothing. The keyboard path is the
 * one a keyboard user takes: open the menu, wait until it has the focus, arrow down to the item,
 * wait for its highlight, then Enter.
 */
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Opens the menu `trigger` opens and chooses the item whose text is (or matches) `item`. Gives the
 * texts of the items the menu offered, for a test that checks them too.
 */
export async function chooseFromMenu(user: UserEvent, trigger: HTMLElement, item: string | RegExp): Promise<string[]> {
  await user.click(trigger);
  const items = await screen.findAllByRole('menuitem');
  // An item's text, without the spacing its icon leaves.
  const texts = items.map((el) => (el.textContent ?? '').trim());
  const index = texts.findIndex((text) => (typeof item === 'string' ? text === item : item.test(text)));
  if (index < 0) throw new Error(`no menu item ${String(item)} in ${texts.join(', ')}`);
  await waitFor(() => expect(screen.getByRole('menu')).toHaveFocus());
  for (let k = 0; k <= index; k += 1) await user.keyboard('{ArrowDown}');
  // Found again: the items first found may have been replaced as the menu settled.
  await waitFor(() => expect(screen.getAllByRole('menuitem')[index]).toHaveAttribute('data-highlighted'));
  await user.keyboard('{Enter}');
  return texts;
}

/** The same, from a member's row menu ('Actions for …'). */
export const chooseFromRowMenu = (user: UserEvent, name: string, item: string | RegExp): Promise<string[]> =>
  chooseFromMenu(user, screen.getByRole('button', { name: `Actions for ${name}` }), item);
