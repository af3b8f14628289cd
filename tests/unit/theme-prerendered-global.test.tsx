/**
 * src/views/theme/prerenderedGlobal.ts: on a page that carries Chakra's global CSS (login.html, the
 * console's shell: scripts/build/prerender.ts marks it), the system hands none to `<Global>`, so the page's
 * own `<style>` is the only one; elsewhere the system's is rendered as before.
 */
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChakraProvider, createSystem, defaultConfig } from '@chakra-ui/react';
import { PRERENDERED_GLOBAL_ATTRIBUTE, adoptPrerenderedGlobalCss } from '../../src/views/theme/prerenderedGlobal';

/** A `<style>` as the prerender writes Chakra's global CSS into `<head>`, or one Emotion wrote. */
function globalStyle(marked: boolean): HTMLStyleElement {
  const style = document.createElement('style');
  style.setAttribute('data-emotion', 'css-global 1a');
  if (marked) style.setAttribute(PRERENDERED_GLOBAL_ATTRIBUTE, '');
  style.textContent = ':root{--chakra-colors-brand-solid:#b23c0b}';
  document.head.append(style);
  return style;
}

/** The `<style>` elements that declare Chakra's token custom properties. */
function tokenStyles(): HTMLStyleElement[] {
  return [...document.querySelectorAll('style')].filter((style) => style.textContent?.includes('--chakra-colors-'));
}

afterEach(() => {
  document.head.replaceChildren();
});

describe("a prerendered page's global CSS", () => {
  it('is adopted: the system hands none to <Global>, and the page keeps its own style as the only one', () => {
    const own = globalStyle(true);
    const system = createSystem(defaultConfig);
    expect(adoptPrerenderedGlobalCss(system, document)).toBe(true);
    expect(system._global).toEqual([]);
    const { unmount } = render(
      <ChakraProvider value={system}>
        <p>Hi</p>
      </ChakraProvider>,
    );
    expect(tokenStyles()).toEqual([own]);
    expect(own.getAttribute('data-emotion')).toBe('css-global 1a');
    unmount();
    expect(tokenStyles()).toEqual([own]);
  });

  it('is not assumed where the page has none marked (users.html, the dev server, the tests): the system renders its own', () => {
    const own = globalStyle(false);
    const system = createSystem(defaultConfig);
    expect(adoptPrerenderedGlobalCss(system, document)).toBe(false);
    expect(system._global).toHaveLength(3);
    render(
      <ChakraProvider value={system}>
        <p>Hi</p>
      </ChakraProvider>,
    );
    const rendered = tokenStyles().filter((style) => style !== own);
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.some((style) => style.textContent?.includes('--chakra-colors-gray-500:'))).toBe(true);
  });
});
