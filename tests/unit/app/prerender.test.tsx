/**
 * The build-time /login page (src/prerender.tsx): the sign-in form with its styles, rendered on the
 * server the way the browser's first render shows it (src/main.tsx hydrates it).
 */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderLoginPage } from '../../../src/prerender';

describe('prerendered /login', () => {
  it('has the sign-in form, its labels and button, and the styles it needs', async () => {
    const html = await renderLoginPage();
    expect(html).toContain('Welcome back. Sign in to the Hardline Admin Console.');
    expect(html).toMatch(/<form[^>]*aria-label="Sign in"/);
    expect(html).toMatch(/<input[^>]*name="username"/);
    expect(html).toMatch(/<input[^>]*name="password"/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>.*Sign In/s);
    // Emotion's server rendering: the global styles (reset, tokens) and each element's class rules.
    expect(html).toMatch(/<style data-emotion="css-global [^"]+">/);
    expect(html).toContain('--chakra-colors-brand-solid');
    expect(html).toMatch(/<style data-emotion="css [^"]+">/);
  });

  it('carries no script, no user data and no configuration', async () => {
    const html = await renderLoginPage();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/VITE_|pk_(test|live)_|eyJ[\w-]+\./);
    expect(html).not.toContain('Loading');
  });
});

describe('login.html from index.html (scripts/prerender.ts)', () => {
  const index =
    '<html><head><meta charset="UTF-8" /><script type="module" src="/assets/index-x.js"></script></head><body><div id="root"></div></body></html>';

  it('moves every Emotion style into <head> (the body keeps the structure the client renders) and marks the root', async () => {
    const { loginPage } = await import('../../../scripts/prerender');
    const markup =
      '<style data-emotion="css-global 1a">:root{--x:1}</style><main><style data-emotion="css 2b">.css-2b{color:red}</style><p class="css-2b">Hi $& $1</p></main>';
    const page = loginPage(index, markup, '/login');
    expect(page).toContain('<div id="root" data-prerendered="/login"><main><p class="css-2b">Hi $& $1</p></main></div>');
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<style data-emotion="css-global 1a">:root{--x:1}</style>');
    expect(head).toContain('<style data-emotion="css 2b">.css-2b{color:red}</style>');
    expect(page.indexOf('css-global 1a')).toBeLessThan(page.indexOf('css 2b'));
    expect(page).toContain('<script type="module" src="/assets/index-x.js"></script>');
  });

  it('shows the page whole or not at all: the root is hidden from <head> until a style right after it has been parsed', async () => {
    const { loginPage, HOLD_ROOT, REVEAL_ROOT } = await import('../../../scripts/prerender');
    const page = loginPage(index, '<main><p>Hi</p></main>', '/login');
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain(HOLD_ROOT);
    expect(HOLD_ROOT).toMatch(/#root\[data-prerendered\]\{visibility:hidden\}/);
    expect(page).toContain(`<div id="root" data-prerendered="/login"><main><p>Hi</p></main></div>${REVEAL_ROOT}</body>`);
    expect(REVEAL_ROOT).toMatch(/#root\[data-prerendered\]\{visibility:visible\}/);
  });

  it('refuses an index.html without the empty root element', async () => {
    const { loginPage } = await import('../../../scripts/prerender');
    expect(() => loginPage('<div id="app"></div>', '<main></main>', '/login')).toThrow(/root/);
  });
});
