/**
 * Vite plugin: after a production build, renders the prerendered pages of src/prerender.tsx.
 *
 * The console's shell: each page of SHELL_PATHS (index.html for /) gets the console as its first
 * render draws it while the data is on its way, in `<div id="root" data-shell="/" inert>` (nothing in
 * it can be focused or pressed until it is live), with its styles in `<head>`. It is held hidden by
 * a style in `<head>` until the inline script after the root (scripts/build/shell-gate.ts) shows it, for a
 * tab with a session at that very path, or removes it. Once the session is an administrator's, the
 * live console replaces it in one commit and the root turns live (not inert) (src/main.tsx): nothing
 * on screen goes back to a spinner or a bare frame in between, the same components drew both.
 *
 * /login: writes `<outDir>/login.html`: the built index.html (same CSP meta tag, same modulepreloads) with the
 * sign-in form already in `<div id="root">` and its styles in `<head>`. `vite preview` serves it for
 * /login (it tries `<path>.html`); a real deployment maps /login to login.html and every other route
 * to index.html (docs/HOSTING.md).
 *
 * The page is rendered through a Vite dev server in SSR mode (ssrLoadModule), so the same source and
 * the same dependency versions as the browser's bundle produce the markup the browser hydrates.
 *
 * Emotion's server rendering puts a `<style data-emotion>` before each element; they move to
 * `<head>` (where Emotion's client looks for them anyway), so the body's structure is the one the
 * client renders and selectors such as :first-child match the same elements before and after
 * (inline, they shifted the layout when the client moved them).
 *
 * The page is shown whole or not at all: a style in `<head>` hides the prerendered root and a style
 * right after it (which the parser reaches only once the whole root is in the document) shows it.
 * A browser paints a page while it is still parsing it (its HTML arrives in pieces on a slow link,
 * and a slow phone's parser yields between slices); the login card is centred vertically, so each
 * slice that landed (the password field, the button...) made the card taller and moved the logo and
 * the card up, a layout shift of up to 0.17 (tests/e2e/layout.spec.ts). Hidden boxes that move are
 * not shifts, and the root has the page's own background (html, body: bg.subtle) while it waits.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { AFTER_PAINT_ATTRIBUTE, SHELL_ATTRIBUTE, SHELL_GATE_SCRIPT, SHELL_SHOWN_ATTRIBUTE } from './shell-gate.ts';
import { pageOf, withoutSignedInPreloads } from './signed-in-preloads.ts';
import { PRERENDERED_GLOBAL_ATTRIBUTE } from '../../src/views/theme/prerenderedGlobal.ts';

const ROOT_ELEMENT = '<div id="root"></div>';
/** An Emotion `<style>` tag of the rendered markup: its names (`css <names>`, `css-global <names>`) and rules. */
const EMOTION_STYLE = /<style data-emotion="([^"]*)">([\s\S]*?)<\/style>/g;
/** Hides the prerendered root until REVEAL_ROOT, after it, has been parsed (see above). */
export const HOLD_ROOT = '<style data-prerender-hold>#root[data-prerendered]{visibility:hidden}</style>';
export const REVEAL_ROOT = '<style data-prerender-reveal>#root[data-prerendered]{visibility:visible}</style>';

/** An Emotion style tag, read once from the markup. */
interface EmotionStyle {
  /** What its `data-emotion` names: `css <names>` or `css-global <names>`. */
  key: string;
  css: string;
}

/**
 * An Emotion `<style>` tag as it goes into `<head>`:
 * - `data-s` tells Emotion's client that the tag is already where it belongs (in `<head>`, in
 *   order), so it does not move each one to the end of `<head>` and back as it starts, restyling
 *   the page each time;
 * - the global styles (`css-global`: Chakra's reset, global styles and token custom properties) are
 *   marked as the page's own (src/views/theme/prerenderedGlobal.ts): the live page keeps them
 *   rather than build them again.
 */
function headStyle({ key, css }: EmotionStyle): string {
  const global = key.startsWith('css-global ') ? ` ${PRERENDERED_GLOBAL_ATTRIBUTE}` : '';
  return `<style data-emotion="${key}" data-s=""${global}>${css}</style>`;
}

/**
 * Consecutive element styles (`css <names>`) as one tag carrying all their names, their rules in the
 * same order. Emotion's server rendering writes one tag before each element it styles (64 on the
 * dashboard's shell); its client takes every such tag over as it starts, moving each in `<head>`,
 * and the browser processes each moved sheet again. One tag, one move. Global styles stay tags of
 * their own (each `<Global>` finds its own by name), and a run of element styles ends at one, so no
 * rule changes its place in the cascade.
 */
function mergeElementStyles(tags: readonly EmotionStyle[]): EmotionStyle[] {
  const merged: EmotionStyle[] = [];
  let names: string[] = [];
  let rules = '';
  const flush = () => {
    if (names.length > 0) merged.push({ key: `css ${names.join(' ')}`, css: rules });
    names = [];
    rules = '';
  };
  for (const tag of tags) {
    if (tag.key.startsWith('css ')) {
      names.push(tag.key.slice('css '.length));
      rules += tag.css;
    } else {
      flush();
      merged.push(tag);
    }
  }
  flush();
  return merged;
}

/**
 * The rendered markup's Emotion `<style>` tags, in order and one a line, for `<head>`, and the markup
 * without them for the root (see above).
 */
function splitStyles(markup: string): { styles: string; body: string } {
  const tags = mergeElementStyles([...markup.matchAll(EMOTION_STYLE)].map(([, key = '', css = '']) => ({ key, css })));
  return { styles: tags.map(headStyle).join('\n'), body: markup.replace(EMOTION_STYLE, '') };
}

/** login.html from the built index.html and the rendered markup (exported for the tests). */
export function loginPage(index: string, markup: string, path: string): string {
  if (!index.includes(ROOT_ELEMENT)) throw new Error(`prerender: ${ROOT_ELEMENT} not found in index.html`);
  const { styles, body } = splitStyles(markup);
  return withoutSignedInPreloads(index)
    .replace('</head>', () => `${styles}\n${HOLD_ROOT}\n</head>`)
    .replace(ROOT_ELEMENT, () => `<div id="root" data-prerendered="${path}">${body}</div>${REVEAL_ROOT}`);
}

/** Hides a console page's shell until the gate script (after the root) shows it. */
export const HOLD_SHELL = `<style data-shell-hold>#root[${SHELL_ATTRIBUTE}]:not([${SHELL_SHOWN_ATTRIBUTE}]){visibility:hidden}</style>`;

/** The entry chunk's script element, as Vite writes it into each page. */
const ENTRY_SCRIPT = /<script type="module"( crossorigin)? src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload"(?=\s)/g;

/**
 * A console page (index.html for /, users.html...) with the shell at `path` in its root (exported
 * for the tests). Its scripts (the entry, the modulepreloads) are named inertly: the gate script
 * starts them once the shell has been painted (scripts/build/shell-gate.ts says why).
 */
export function shellPage(page: string, markup: string, path: string): string {
  if (!page.includes(ROOT_ELEMENT)) throw new Error(`prerender: ${ROOT_ELEMENT} not found in the page of ${path}`);
  if (!ENTRY_SCRIPT.test(page)) throw new Error(`prerender: the entry's <script type="module"> not found in the page of ${path}`);
  const { styles, body } = splitStyles(markup);
  return page
    .replace(ENTRY_SCRIPT, (_, cors = '', src: string) => `<link ${AFTER_PAINT_ATTRIBUTE}="module"${cors} href="${src}">`)
    .replace(MODULE_PRELOAD, `<link ${AFTER_PAINT_ATTRIBUTE}="modulepreload"`)
    .replace('</head>', () => `${styles}\n${HOLD_SHELL}\n</head>`)
    .replace(ROOT_ELEMENT, () => `<div id="root" ${SHELL_ATTRIBUTE}="${path}" inert>${body}</div><script>${SHELL_GATE_SCRIPT}</script>`);
}

export function prerenderLogin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'hardline-prerender-login',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr || config.build.write === false) return;
      const outDir = resolve(config.root, config.build.outDir);
      const server = await createServer({
        root: config.root,
        mode: config.mode,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const entry = (await server.ssrLoadModule('/src/prerender.tsx')) as {
          renderLoginPage(): Promise<string>;
          renderConsoleShell(path: string): Promise<string>;
          PRERENDERED_PATH: string;
          SHELL_PATHS: readonly string[];
        };
        const markup = await entry.renderLoginPage();
        const index = await readFile(join(outDir, 'index.html'), 'utf8');
        await writeFile(join(outDir, 'login.html'), loginPage(index, markup, entry.PRERENDERED_PATH));
        // After login.html: it is made from index.html as the build wrote it, without a shell.
        for (const path of entry.SHELL_PATHS) {
          const file = join(outDir, pageOf(path));
          await writeFile(file, shellPage(await readFile(file, 'utf8'), await entry.renderConsoleShell(path), path));
        }
      } finally {
        await server.close();
      }
    },
  };
}
