import { createContext, useContext, useDeferredValue, type ReactNode } from 'react';

/**
 * Whether the page arrived with the console already drawn (its prerendered shell, scripts/build/prerender.ts)
 * and React's first commit replaces it. FrameFirst then has no frame to paint first: the shell is
 * that frame, and painting the bare frame over it would take the screen back a step.
 */
export const ShellOnScreen = createContext(false);

/**
 * Shows `frame` first and renders `children` as a transition: in slices, between which the browser
 * paints and answers input, instead of in one long task when `children` is a large tree (on a
 * phone, hundreds of milliseconds in which nothing paints and no tap is answered: what Lighthouse
 * counts as Total Blocking Time). `useDeferredValue`'s initial value gives the first commit.
 * Under a shell (ShellOnScreen), `children` at once.
 */
export function FrameFirst({ frame, children }: { frame: ReactNode; children: ReactNode }) {
  const shell = useContext(ShellOnScreen);
  const ready = useDeferredValue(true, shell);
  return ready ? children : frame;
}
