/**
 * Chakra's global CSS (its reset, the global styles and a custom property for each token) on a
 * prerendered page, so a phone's first paint does not wait for it. login.html and the console's
 * shell in index.html carry it in `<head>`, rendered at build time by the same system
 * (scripts/build/prerender.ts marks it); the system then hands none to its Emotion `<Global>`, and the
 * build never builds it in the browser (scripts/build/chakra-lazy-global.ts): half of `createSystem`'s
 * work on a phone's start-up.
 */
import type { SystemContext } from '@chakra-ui/react';

/** Marks the `<style>` elements of the system's global CSS on a prerendered page. */
export const PRERENDERED_GLOBAL_ATTRIBUTE = 'data-prerendered-global';

/**
 * When `doc` carries the system's global CSS already, the system stops handing it to `<Global>`:
 * Emotion then leaves the page's `<style>` where it is, as it is, for the life of the page. Returns
 * whether it did. Call it before the first render (`<ChakraProvider>` reads the list then).
 */
export function adoptPrerenderedGlobalCss(system: SystemContext, doc: Document): boolean {
  if (doc.querySelector(`style[${PRERENDERED_GLOBAL_ATTRIBUTE}]`) === null) return false;
  system._global = [];
  return true;
}
