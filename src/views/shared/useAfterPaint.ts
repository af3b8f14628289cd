import { useEffect, useState } from 'react';

/** Runs `task` once the browser has painted its next frame (or soon, where there are no frames: jsdom). */
function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  // A frame's callbacks run before it paints; a task queued from one runs after the paint.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * `value` as of the last frame painted: a change shows one render later, after the frame that
 * carries the rest of the change has been painted. For a part of the screen that can lag a frame
 * behind what the person is waiting for (a pager under a list of results), so that its render
 * does not hold that frame back. `same` says when two values show the same thing.
 */
export function useAfterPaint<T>(value: T, same: (a: T, b: T) => boolean = Object.is): T {
  const [shown, setShown] = useState(value);
  const current = same(shown, value);
  useEffect(() => {
    if (current) return;
    return afterNextPaint(() => setShown(value));
  }, [current, value]);
  return shown;
}
