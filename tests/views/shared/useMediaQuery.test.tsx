/**
 * useMediaQuery: one MediaQueryList per query, one subscription per mounted hook, whatever the number
 * of renders (issue 17: User Management's list renders with every page it shows), and the value
 * follows the window.
 */
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery } from '../../../src/views/shared/useMediaQuery';

const QUERY = '(max-width: 48em)';

/** A `matchMedia` whose answer can change, counting the lists it makes and the listeners added. */
function stubMatchMedia(initially: boolean) {
  const listeners = new Set<() => void>();
  const counts = { lists: 0, added: 0, removed: 0 };
  const state = { matches: initially };
  vi.stubGlobal('matchMedia', (query: string) => {
    counts.lists += 1;
    return {
      media: query,
      get matches() {
        return state.matches;
      },
      addEventListener: (_type: string, listener: () => void) => {
        counts.added += 1;
        listeners.add(listener);
      },
      removeEventListener: (_type: string, listener: () => void) => {
        counts.removed += 1;
        listeners.delete(listener);
      },
    };
  });
  return {
    counts,
    change(matches: boolean) {
      state.matches = matches;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

function Probe() {
  const [renders, setRenders] = useState(0);
  const narrow = useMediaQuery(QUERY, false);
  return (
    <button type="button" onClick={() => setRenders((n) => n + 1)}>
      {narrow ? 'narrow' : 'wide'} {renders}
    </button>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('useMediaQuery', () => {
  it('makes one list and one subscription however often its component renders', () => {
    const media = stubMatchMedia(false);
    render(<Probe />);
    const button = screen.getByRole('button');
    for (let i = 0; i < 10; i++) act(() => button.click());
    expect(button).toHaveTextContent('wide 10');
    expect(media.counts).toEqual({ lists: 1, added: 1, removed: 0 });
  });

  it('follows the window, and lets go of the list when unmounted', () => {
    const media = stubMatchMedia(true);
    const view = render(<Probe />);
    expect(screen.getByRole('button')).toHaveTextContent('narrow 0');
    media.change(false);
    expect(screen.getByRole('button')).toHaveTextContent('wide 0');
    media.change(true);
    expect(screen.getByRole('button')).toHaveTextContent('narrow 0');
    view.unmount();
    expect(media.counts.removed).toBe(1);
  });

  it('answers the fallback where the browser has no matchMedia', () => {
    vi.stubGlobal('matchMedia', undefined);
    render(<Probe />);
    expect(screen.getByRole('button')).toHaveTextContent('wide 0');
  });
});
