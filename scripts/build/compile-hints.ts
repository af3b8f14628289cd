/**
 * Vite plugin (build only): the entry chunk begins with V8's explicit compile hint,
 * `//# allFunctionsCalledOnLoad`.
 *
 * V8 compiles a script's top level as it arrives, on a background thread while the rest downloads,
 * but only pre-parses its functions; each is parsed again and compiled on the main thread the first
 * time it is called. Every page runs the entry first (React, Chakra, the auth machine, the identity
 * service: what /login needs before it is usable), and starting the page calls most of its
 * functions, so that second parse and the compilation were a good part of the long task in which
 * the entry runs (Total Blocking Time on a phone). With the hint (Chrome 136 and later), V8 compiles
 * all of the entry's functions as it streams it in, off the main thread; other browsers ignore a
 * comment.
 *
 * Only the entry. The console's chunks were measured with the hint too (Lighthouse, mobile, on the
 * dashboard, six runs each, interleaved): the dashboard's median score went from 0.94 with the
 * entry alone to 0.905 with every chunk a signed-in page preloads, its blocking time from 110 ms to
 * 246. Those chunks arrive as modulepreloads, which did not spare the main thread their compilation,
 * and they hold more code that a page does not run at once.
 *
 * The hint is added after the chunk's name was hashed, and the same code always gets it: the name
 * still changes exactly when the content does.
 */
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The hint as the chunk's first line (once), and its source map moved down the same line: without
 * that, each line of the map would name the source of the line above (a stack trace through a
 * deployed source map, and scripts/build/bundle-size.ts --analyze, would read the wrong module).
 */
export function addCompileHint(chunk: { code: string; map: { mappings: string } | null }): void {
  if (chunk.code.startsWith(COMPILE_HINT)) return;
  chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
  if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
}

export function compileHints(): Plugin {
  return {
    name: 'hardline-compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite's own additions at the top of the entry (its preload map), so the hint stays first.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) addCompileHint(chunk);
      },
    },
  };
}
