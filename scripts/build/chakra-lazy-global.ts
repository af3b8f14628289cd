/**
 * Vite plugin (build only): Chakra's `createSystem` builds the page's global CSS (its reset, the
 * global styles and a custom property for each of ~450 tokens) on demand rather than as it creates
 * the system, which on a phone held the page's start back.
 *
 * `createSystem` computes that CSS eagerly, into `system._global`, which `<ChakraProvider>` hands to
 * an Emotion `<Global>`: about half of the function's time, on the task that runs it as the page
 * starts (40–80 ms on a slow phone, most of it counted as Total Blocking Time). Every prerendered
 * page (login.html, the console's shell in index.html: scripts/build/prerender.ts) already carries that
 * CSS, rendered at build time by the same system; src/main.tsx then sets `system._global` to an
 * empty list (src/views/theme/prerenderedGlobal.ts), and the CSS is never built in the browser.
 * Other pages (users.html...) read `_global` and get it built on first use, as before.
 *
 * The change to Chakra's module is two exact replacements. When a Chakra upgrade changes either
 * text, the build stops here with a message rather than quietly building the CSS eagerly again
 * (tests/unit/chakra-lazy-global.test.ts checks the installed Chakra).
 *
 * The dev server pre-bundles dependencies without this plugin, and the tests and the prerender load
 * Chakra from node_modules: there `_global` stays Chakra's eager list, which behaves the same.
 */
import type { Plugin } from 'vite';

/** Chakra's module that defines `createSystem`. */
export const CHAKRA_SYSTEM_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;

const EAGER_GLOBAL = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const RETURNED_GLOBAL = '\n    _global,\n';

const LAZY_GLOBAL = 'let _global;';
const RETURNED_LAZY_GLOBAL = [
  '',
  '    get _global() {',
  '      return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);',
  '    },',
  '    set _global(value) {',
  '      _global = value;',
  '    },',
  '',
].join('\n');

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

/** Chakra's `system.js` with `_global` built on first read (and replaceable), or an error. */
export function withLazyGlobal(source: string): string {
  for (const part of [EAGER_GLOBAL, RETURNED_GLOBAL]) {
    const found = occurrences(source, part);
    if (found !== 1) {
      throw new Error(
        `scripts/build/chakra-lazy-global.ts: expected ${JSON.stringify(part.trim())} once in Chakra's styled-system/system.js, found it ${found} times. ` +
          'Chakra has changed: update the replacement, or drop this plugin (pages then build their global CSS as they start).',
      );
    }
  }
  return source.replace(EAGER_GLOBAL, LAZY_GLOBAL).replace(RETURNED_GLOBAL, RETURNED_LAZY_GLOBAL);
}

export function chakraLazyGlobal(): Plugin {
  return {
    name: 'hardline-chakra-lazy-global',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!CHAKRA_SYSTEM_MODULE.test(id.split('?')[0] ?? id)) return null;
      return { code: withLazyGlobal(code), map: null };
    },
  };
}
