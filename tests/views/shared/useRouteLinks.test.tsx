/**
 * useRouteLinks: a container's one click handler opens its marked plain links inside the console,
 * as wouter's `<Link>` does, and leaves every other click to the browser.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ROUTE_LINK_ATTRIBUTE, useRouteLinks } from '../../../src/views/shared/useRouteLinks';

function Links() {
  const open = useRouteLinks();
  return (
    <div onClick={open}>
      <a href="/billing/user/u-1" {...{ [ROUTE_LINK_ATTRIBUTE]: '' }}>
        <span>Marked</span>
      </a>
      <a href="/elsewhere">Unmarked</a>
      <a href="/handled" {...{ [ROUTE_LINK_ATTRIBUTE]: '' }} onClick={(e) => e.preventDefault()}>
        Handled
      </a>
    </div>
  );
}

/** Whether the browser would still follow the click: read after React's handlers, then stopped (jsdom does not navigate). */
let followed: boolean[] = [];
const record = (event: Event) => {
  followed.push(!event.defaultPrevented);
  event.preventDefault();
};
beforeEach(() => {
  followed = [];
  document.addEventListener('click', record);
});
afterEach(() => document.removeEventListener('click', record));

function renderLinks() {
  const location = memoryLocation({ path: '/users', record: true });
  render(
    <Router hook={location.hook}>
      <Links />
    </Router>,
  );
  return location;
}

describe('useRouteLinks', () => {
  it('a plain click on a marked link (or on what it holds) goes there inside the console', () => {
    const location = renderLinks();
    fireEvent.click(screen.getByText('Marked'));
    expect(location.history).toEqual(['/users', '/billing/user/u-1']);
    expect(followed).toEqual([false]);
  });

  it.each([
    ['Ctrl', { ctrlKey: true }],
    ['⌘', { metaKey: true }],
    ['Shift', { shiftKey: true }],
    ['Alt', { altKey: true }],
    ['the middle button', { button: 1 }],
  ])('a click with %s is left to the browser (a new tab or window)', (_label, init) => {
    const location = renderLinks();
    fireEvent.click(screen.getByText('Marked'), init);
    expect(location.history).toEqual(['/users']);
    expect(followed).toEqual([true]);
  });

  it('leaves an unmarked link, and a click already handled, alone', () => {
    const location = renderLinks();
    fireEvent.click(screen.getByText('Unmarked'));
    fireEvent.click(screen.getByText('Handled'));
    expect(location.history).toEqual(['/users']);
    expect(followed).toEqual([true, false]);
  });
});
