import { useDeferredValue, type ReactNode } from 'react';

/**
 * Shows `frame` first and renders `children` as a transition: in slices, between which the browser
 * paints and answers input, instead of in one long task when `children` is a large tree (on a
 * phone, hundreds of milliseconds in which nothing paints and no tap is answered: what Lighthouse
 * counts as Total Blocking Time). `useDeferredValue`'s initial value gives the first commit.
 */
export function FrameFirst({ frame, children }: { frame: ReactNode; children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : frame;
}
