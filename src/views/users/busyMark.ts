/**
 * Whether the members view (the table, or the cards) is busy, written onto its element rather than
 * rendered. A search sets the list loading as its request leaves and ready as its rows arrive:
 * given as a prop, each of the two re-rendered the whole view, its Chakra table with its styles,
 * and the first of those renders, synchronous, held the answer's rows back whenever it outlasted
 * the server (the search's time to rows, docs/PERFORMANCE.md). The view hands its element over
 * (`attach`, a callback ref); UsersScreen sets the state from the list's machine (`set`); neither
 * re-renders the view.
 *
 *  - `aria-busy`: "true" until the first page is here, and while a newer page is on its way;
 *  - `data-refreshing`: while a newer page replaces the shown one (the view dims its members).
 */
export interface BusyMark {
  /** The view's element (a callback ref): marked at once with the current state. */
  attach(element: HTMLElement | null): void;
  set(state: BusyState): void;
}

export interface BusyState {
  /** No page has arrived yet. */
  firstLoad: boolean;
  /** A newer page is on its way. */
  refreshing: boolean;
}

export function createBusyMark(initial: BusyState): BusyMark {
  let element: HTMLElement | null = null;
  let state = initial;
  const mark = () => {
    if (!element) return;
    element.setAttribute('aria-busy', String(state.firstLoad || state.refreshing));
    element.toggleAttribute('data-refreshing', state.refreshing && !state.firstLoad);
  };
  return {
    attach(next) {
      element = next;
      mark();
    },
    set(next) {
      state = next;
      mark();
    },
  };
}
