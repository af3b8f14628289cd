import { useCallback, type MouseEvent } from 'react';
import { useLocation } from 'wouter';

/** Marks a plain `<a href>` as one the console opens itself, without reloading the page (useRouteLinks). */
export const ROUTE_LINK_ATTRIBUTE = 'data-route-link';

/**
 * One click handler for a container of plain links marked with ROUTE_LINK_ATTRIBUTE: a plain click
 * on one goes to its address inside the console, as wouter's `<Link>` does; a click with Ctrl, ⌘,
 * Shift or Alt, or with another button, is left to the browser (a new tab or window), and so is a
 * click something else has already handled.
 *
 * For lists: each `<Link>` subscribes to the router and reads the address on every render, and a
 * page of members re-renders all its links with every search. The container's handler
 * is the one subscription.
 */
export function useRouteLinks(): (event: MouseEvent<HTMLElement>) => void {
  const [, navigate] = useLocation();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
      const target = event.target;
      if (!(target instanceof Element)) return;
      const link = target.closest(`a[${ROUTE_LINK_ATTRIBUTE}]`);
      const href = link?.getAttribute('href');
      if (!link || !href || !event.currentTarget.contains(link)) return;
      event.preventDefault();
      navigate(href);
    },
    [navigate],
  );
}
