/**
 * useAfterPaint: a value's change shows one frame late, after the browser has painted the frame
 * that carries the rest of the change. The frames are the test's (requestAnimationFrame stubbed),
 * so the order is certain: before the frame, during it, after it.
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAfterPaint } from '../../../src/views/shared/useAfterPaint';

let frames = new Map<number, FrameRequestCallback>();
let lastFrameId = 0;
/** Runs the frame the browser would paint next (its callbacks), as the browser does before painting. */
function paintFrame() {
  const due = [...frames.values()];
  frames = new Map();
  for (const callback of due) callback(performance.now());
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  frames = new Map();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.set(++lastFrameId, callback);
    return lastFrameId;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Shown({ value, same }: { value: { n: number }; same?: (a: { n: number }, b: { n: number }) => boolean }) {
  const shown = useAfterPaint(value, same);
  return <p>shown {shown.n}</p>;
}

describe('useAfterPaint', () => {
  it('shows the first value at once, and a change only once the next frame has been painted', () => {
    const { rerender } = render(<Shown value={{ n: 1 }} />);
    expect(screen.getByText('shown 1')).toBeInTheDocument();
    rerender(<Shown value={{ n: 2 }} />);
    expect(screen.getByText('shown 1')).toBeInTheDocument();
    act(() => paintFrame());
    // Still the frame's own work: the change waits for a task after the paint.
    expect(screen.getByText('shown 1')).toBeInTheDocument();
    act(() => vi.runOnlyPendingTimers());
    expect(screen.getByText('shown 2')).toBeInTheDocument();
  });

  it('shows the newest value when it changes again before the frame', () => {
    const { rerender } = render(<Shown value={{ n: 1 }} />);
    rerender(<Shown value={{ n: 2 }} />);
    rerender(<Shown value={{ n: 3 }} />);
    act(() => {
      paintFrame();
      vi.runOnlyPendingTimers();
    });
    expect(screen.getByText('shown 3')).toBeInTheDocument();
    act(() => {
      paintFrame();
      vi.runOnlyPendingTimers();
    });
    expect(screen.getByText('shown 3')).toBeInTheDocument();
  });

  it('asks for no frame when the new value is the same as the one shown (by `same`)', () => {
    const sameN = (a: { n: number }, b: { n: number }) => a.n === b.n;
    const { rerender } = render(<Shown value={{ n: 1 }} same={sameN} />);
    rerender(<Shown value={{ n: 1 }} same={sameN} />);
    expect(frames.size).toBe(0);
    rerender(<Shown value={{ n: 4 }} same={sameN} />);
    expect(frames.size).toBe(1);
  });
});
