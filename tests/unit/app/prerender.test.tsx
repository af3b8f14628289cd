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

describe('login.html from index.html (scripts/build/prerender.ts)', () => {
  const index =
    '<html><head><meta charset="UTF-8" /><script type="module" src="/assets/index-x.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/a.js" data-signed-in></head><body><div id="root"></div></body></html>';

  it('moves every Emotion style into <head> (the body keeps the structure the client renders) and marks the root', async () => {
    const { loginPage } = await import('../../../scripts/build/prerender');
    const markup =
      '<style data-emotion="css-global 1a">:root{--x:1}</style><main><style data-emotion="css 2b">.css-2b{color:red}</style><p class="css-2b">Hi $& $1</p></main>';
    const page = loginPage(index, markup, '/login');
    expect(page).toContain('<div id="root" data-prerendered="/login"><main><p class="css-2b">Hi $& $1</p></main></div>');
    const head = page.slice(0, page.indexOf('</head>'));
    // Marked as in place (data-s: Emotion's client leaves them where they are), and the global styles
    // as the page's own (src/views/theme/prerenderedGlobal.ts).
    expect(head).toContain('<style data-emotion="css-global 1a" data-s="" data-prerendered-global>:root{--x:1}</style>');
    expect(head).toContain('<style data-emotion="css 2b" data-s="">.css-2b{color:red}</style>');
    expect(page.indexOf('css-global 1a')).toBeLessThan(page.indexOf('css 2b'));
    expect(page).toContain('<script type="module" src="/assets/index-x.js"></script>');
  });

  it('puts consecutive element styles in one tag with all their names, rules in order; a global style ends a run', async () => {
    const { loginPage } = await import('../../../scripts/build/prerender');
    const markup =
      '<style data-emotion="css-global 1a">:root{--x:1}</style>' +
      '<main><style data-emotion="css 2b">.css-2b{color:red}</style><p class="css-2b">A</p>' +
      '<style data-emotion="css 3c 4d">.css-3c{margin:0}.css-4d{padding:0}</style><p class="css-3c css-4d">B</p>' +
      '<style data-emotion="css-global 5e">body{margin:0}</style>' +
      '<style data-emotion="css 6f">.css-6f{color:blue}</style><p class="css-6f">C</p></main>';
    const head = loginPage(index, markup, '/login').split('</head>')[0] ?? '';
    const styles = head.match(/<style data-emotion[^>]*>[^<]*<\/style>/g);
    expect(styles).toEqual([
      '<style data-emotion="css-global 1a" data-s="" data-prerendered-global>:root{--x:1}</style>',
      '<style data-emotion="css 2b 3c 4d" data-s="">.css-2b{color:red}.css-3c{margin:0}.css-4d{padding:0}</style>',
      '<style data-emotion="css-global 5e" data-s="" data-prerendered-global>body{margin:0}</style>',
      '<style data-emotion="css 6f" data-s="">.css-6f{color:blue}</style>',
    ]);
  });

  it('shows the page whole or not at all: the root is hidden from <head> until a style right after it has been parsed', async () => {
    const { loginPage, HOLD_ROOT, REVEAL_ROOT } = await import('../../../scripts/build/prerender');
    const page = loginPage(index, '<main><p>Hi</p></main>', '/login');
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain(HOLD_ROOT);
    expect(HOLD_ROOT).toMatch(/#root\[data-prerendered\]\{visibility:hidden\}/);
    expect(page).toContain(`<div id="root" data-prerendered="/login"><main><p>Hi</p></main></div>${REVEAL_ROOT}</body>`);
    expect(REVEAL_ROOT).toMatch(/#root\[data-prerendered\]\{visibility:visible\}/);
  });

  it('refuses an index.html without the empty root element', async () => {
    const { loginPage } = await import('../../../scripts/build/prerender');
    expect(() => loginPage('<div id="app"></div>', '<main></main>', '/login')).toThrow(/root/);
  });
});

describe("the console's shell (src/prerender.tsx)", () => {
  it('is the dashboard as its first render draws it: header, navigation, placeholders and the fixed figures', async () => {
    const { renderConsoleShell } = await import('../../../src/prerender');
    const html = await renderConsoleShell('/');
    expect(html).toMatch(/<h1[^>]*>Welcome Back<\/h1>/);
    for (const text of ['Dashboard', 'User Management', 'Billing Overview', 'Assistant', 'Sign out', 'Total Users', 'Active Users'])
      expect(html, text).toContain(text);
    // SPEC §9's fixed figures are the console's own; the counts are placeholders until the data is here.
    expect(html).toContain('Operational');
    expect(html).toContain('AI Messages Today');
    expect(html).toMatch(/chakra-skeleton/);
    expect(html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')).not.toMatch(/\d,\d{3}/);
    // Not the frame the console paints first without a shell, nor a Suspense fallback.
    expect(html).not.toContain('signed-in-placeholder');
    expect(html).not.toContain('<!--$!-->');
    expect(html).toMatch(/<style data-emotion="css [^"]+">/);
  });

  it('is each route, its own screen, as its first render draws it', async () => {
    const { renderConsoleShell, SHELL_PATHS } = await import('../../../src/prerender');
    expect(SHELL_PATHS).toEqual(['/', '/users', '/users/activity', '/billing', '/billing/user/:userId', '/ai']);
    const users = await renderConsoleShell('/users');
    expect(users).toMatch(/<h1[^>]*>User Management<\/h1>/);
    // Waiting for its first page, not a page that came back empty.
    expect(users).not.toContain('No users found');
    // Both layouts, each behind the media query that picks it in the browser: cards on a phone.
    expect(users).toContain('class="hl-card"');
    expect(users).toMatch(/<table/);
    expect(users).toMatch(/@media not all and \(max-width: 48em\)\{[^}]*display:none/);
    expect(users).toMatch(/@media \(max-width: 48em\)\{[^}]*display:none/);
    expect(await renderConsoleShell('/billing')).toMatch(/<h1[^>]*>Billing Overview<\/h1>/);
    expect(await renderConsoleShell('/ai')).toMatch(/<h1[^>]*>Assistant<\/h1>/);
    // A member's billing, for whichever member: the pattern's name is nowhere on it.
    const member = await renderConsoleShell('/billing/user/:userId');
    expect(member).toMatch(/<h1[^>]*>User Billing<\/h1>/);
    expect(member).toContain('Loading user billing...');
    expect(member).not.toContain(':userId');
  });

  it("carries nobody's name, no data, no script and no configuration", async () => {
    const { renderConsoleShell } = await import('../../../src/prerender');
    const html = await renderConsoleShell('/');
    expect(html).toContain('aria-label="Account: "');
    expect(html).not.toMatch(/[\w.-]+@[\w-]+\.[a-z]+|<script/i);
    expect(html).not.toMatch(/VITE_|pk_(test|live)_|eyJ[\w-]+\./);
  });
});

describe('a console page with its shell (scripts/build/prerender.ts)', () => {
  const page =
    '<html><head><meta charset="UTF-8" /><script type="module" src="/assets/index-x.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/a.js" data-signed-in></head><body><div id="root"></div></body></html>';

  it('holds the shell, inert, in the root, its styles in <head>, hidden until the gate after it shows it', async () => {
    const { shellPage, HOLD_SHELL } = await import('../../../scripts/build/prerender');
    const { SHELL_GATE_SCRIPT } = await import('../../../scripts/build/shell-gate');
    const markup = '<div><style data-emotion="css 2b">.css-2b{color:red}</style><h1 class="css-2b">Welcome $& $1</h1></div>';
    const html = shellPage(page, markup, '/');
    expect(html).toContain(
      `<div id="root" data-shell="/" inert><div><h1 class="css-2b">Welcome $& $1</h1></div></div><script>${SHELL_GATE_SCRIPT}</script></body>`,
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<style data-emotion="css 2b" data-s="">.css-2b{color:red}</style>');
    expect(head).toContain(HOLD_SHELL);
    expect(HOLD_SHELL).toMatch(/#root\[data-shell\]:not\(\[data-shell-shown\]\)\{visibility:hidden\}/);
    // Its scripts are named, not started: the gate script starts them once the shell has been painted.
    expect(head).toContain('<link data-after-paint="module" href="/assets/index-x.js">');
    expect(head).toContain('<link data-after-paint="modulepreload" crossorigin href="/assets/a.js" data-signed-in>');
    expect(head).not.toMatch(/<script type="module"|rel="modulepreload"/);
  });

  it('refuses a page without the empty root element', async () => {
    const { shellPage } = await import('../../../scripts/build/prerender');
    expect(() => shellPage('<div id="app"></div>', '<main></main>', '/')).toThrow(/root/);
    expect(() => shellPage('<div id="root"></div>', '<main></main>', '/')).toThrow(/entry/);
  });
});
