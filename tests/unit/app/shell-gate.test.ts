/**
 * The console shell's gate (scripts/build/shell-gate.ts): the one inline script of the console's pages,
 * run here in a document like the page's (jsdom), before anything else on it.
 */
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cspDirectives } from '../../../scripts/build/csp';
import { shellPage } from '../../../scripts/build/prerender';
import { SHELL_GATE_HASH, SHELL_GATE_SCRIPT, SHELL_SESSION_KEY_PREFIX } from '../../../scripts/build/shell-gate';
import { matchesRoute } from '../../../scripts/build/signed-in-preloads';
import { ROUTE_LIST } from '../../../src/views/app/routeTable';
import { IDENTITY_KEY_PREFIX } from '../../../src/services/storage';

const SHELL = '<header><h1>Welcome Back</h1></header><main><dd>Operational</dd></main>';

/** The page's root as the build writes it, at `path`, with the gate run over it. */
function load(path: string, shellPath = '/'): HTMLElement {
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<div id="root" data-shell="${shellPath}" inert>${SHELL}</div>`;
  // The very text the page carries (and the CSP hashes), run as the browser would.
  new Function(SHELL_GATE_SCRIPT)();
  return document.getElementById('root') as HTMLElement;
}

function signIn(user = 'b7c1-admin'): void {
  sessionStorage.setItem(`${IDENTITY_KEY_PREFIX}client123.LastAuthUser`, user);
}

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ENTRY = '/assets/index-abc123.js';
const CHUNK = '/assets/UsersScreen-def456.js';

/** What the gate script has started: the module scripts and modulepreloads now in the document. */
const started = () => [
  ...[...document.querySelectorAll('script[type="module"]')].map((script) => `script ${script.getAttribute('src')}`),
  ...[...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => `preload ${link.getAttribute('href')}`),
];

/**
 * The page as the build writes it (shellPage: its scripts named, not started), its gate run at
 * `path` (in a tab that is hidden when `hidden`); a frame is painted only when `paint()` says so.
 */
function loadPage(path: string, { hidden = false } = {}): { root: HTMLElement; paint(): void } {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(hidden ? 'hidden' : 'visible');
  const built = shellPage(
    '<html><head>' +
      `<script type="module" crossorigin src="${ENTRY}"></script>` +
      `<link rel="modulepreload" crossorigin href="${CHUNK}" data-signed-in>` +
      '</head><body><div id="root"></div></body></html>',
    SHELL,
    '/users',
  );
  const parsed = new DOMParser().parseFromString(built, 'text/html');
  document.head.innerHTML = parsed.head.innerHTML;
  window.history.replaceState(null, '', path);
  document.body.innerHTML = parsed.body.querySelector('#root')?.outerHTML ?? '';
  new Function(SHELL_GATE_SCRIPT)();
  return {
    root: document.getElementById('root') as HTMLElement,
    paint: () => {
      for (const frame of frames.splice(0)) frame(0);
      vi.runAllTimers();
    },
  };
}

describe('the console shell gate', () => {
  it('shows the shell to a tab with a session, at the path it was drawn for', () => {
    signIn();
    const root = load('/');
    expect(root.hasAttribute('data-shell-shown')).toBe(true);
    expect(root.getAttribute('data-shell')).toBe('/');
    expect(root.hasAttribute('inert')).toBe(true);
    expect(root.textContent).toContain('Operational');
  });

  it('removes it, and its inertness, for a visitor with no session', () => {
    const root = load('/');
    expect(root.children).toHaveLength(0);
    expect(root.hasAttribute('data-shell')).toBe(false);
    expect(root.hasAttribute('data-shell-shown')).toBe(false);
    expect(root.hasAttribute('inert')).toBe(false);
  });

  it('removes it at any other address index.html answers (a user billing page, an unknown one)', () => {
    signIn();
    for (const path of ['/billing/user/abc', '/nowhere', '/users']) {
      const root = load(path);
      expect(root.children, path).toHaveLength(0);
      expect(root.hasAttribute('inert'), path).toBe(false);
    }
    // A query or a fragment does not change the path.
    expect(load('/?tab=x#top').hasAttribute('data-shell-shown')).toBe(true);
  });

  it("shows a route's shell at every address of the route: any one segment for a `:name`", () => {
    signIn();
    const shell = '/billing/user/:userId';
    expect(load('/billing/user/6f1c-42', shell).hasAttribute('data-shell-shown')).toBe(true);
    expect(load('/billing/user/6f1c-42?from=users', shell).hasAttribute('data-shell-shown')).toBe(true);
    for (const path of ['/billing/user/', '/billing/user/a/b', '/billing/users/a', '/billing']) {
      const root = load(path, shell);
      expect(root.children, path).toHaveLength(0);
      expect(root.hasAttribute('inert'), path).toBe(false);
    }
  });

  it('matches an address to a route as the build does (matchesRoute): one table, both rules', () => {
    // The gate's rule is written again, minified, inside the inline script (it cannot import), so the
    // two are held equal here, on every route of the table and on the addresses next to each.
    signIn();
    const addresses = ['/', '/users', '/users/', '/users/activity', '/users/x', '/billing', '/billing/user', '/billing/user/'];
    addresses.push('/billing/user/6f1c-42', '/billing/user/6f1c-42/', '/billing/user/a/b', '/billing/users/a', '/ai', '/ai/x', '/unknown');
    let shown = 0;
    for (const { path: route } of ROUTE_LIST) {
      for (const address of addresses) {
        const expected = matchesRoute(route, address);
        expect(load(address, route).hasAttribute('data-shell-shown'), `${route} at ${address}`).toBe(expected);
        if (expected) shown += 1;
      }
    }
    // Each route matched one address: its own, or for '/billing/user/:userId' the member's.
    expect(shown).toBe(ROUTE_LIST.length);
  });

  it('needs the SDK key of a signed-in user, with a value, in sessionStorage (where the tokens are)', () => {
    localStorage.setItem(`${IDENTITY_KEY_PREFIX}client123.LastAuthUser`, 'admin');
    expect(load('/').children).toHaveLength(0);
    signIn('');
    expect(load('/').children).toHaveLength(0);
    sessionStorage.setItem(`${IDENTITY_KEY_PREFIX}client123.admin.idToken`, 'x');
    expect(load('/').children).toHaveLength(0);
    sessionStorage.setItem('Other.client123.LastAuthUser', 'admin');
    expect(load('/').children).toHaveLength(0);
    signIn('admin');
    expect(load('/').hasAttribute('data-shell-shown')).toBe(true);
  });

  it("starts the page's scripts only after the frame that paints the shown shell", () => {
    signIn();
    const { root, paint } = loadPage('/users');
    expect(root.hasAttribute('data-shell-shown')).toBe(true);
    expect(started()).toEqual([]);
    paint();
    expect(started()).toEqual([`script ${ENTRY}`, `preload ${CHUNK}`]);
    const entry = document.querySelector('script[type="module"]') as HTMLScriptElement;
    expect(entry.getAttribute('crossorigin')).toBe('');
  });

  it('adds them to the head in one insertion, in the order the page names them (one by one, each insertion costs the phone its own work)', () => {
    signIn();
    const { paint } = loadPage('/users');
    const observer = new MutationObserver(() => undefined);
    observer.observe(document.head, { childList: true });
    paint();
    const insertions = observer.takeRecords().filter((record) => record.addedNodes.length > 0);
    observer.disconnect();
    expect(insertions).toHaveLength(1);
    expect(
      [...(insertions[0]?.addedNodes ?? [])].map((node) => (node as Element).getAttribute('src') ?? (node as Element).getAttribute('href')),
    ).toEqual([ENTRY, CHUNK]);
  });

  it('starts them at once when there is no shell to paint: no session, another address, a hidden tab', () => {
    expect(loadPage('/users').root.children).toHaveLength(0);
    expect(started()).toEqual([`script ${ENTRY}`, `preload ${CHUNK}`]);

    signIn();
    expect(loadPage('/billing/user/abc').root.children).toHaveLength(0);
    expect(started()).toEqual([`script ${ENTRY}`, `preload ${CHUNK}`]);

    expect(loadPage('/users', { hidden: true }).root.hasAttribute('data-shell-shown')).toBe(true);
    expect(started()).toEqual([`script ${ENTRY}`, `preload ${CHUNK}`]);
  });

  it('reads the same keys as the identity service', () => {
    expect(SHELL_SESSION_KEY_PREFIX).toBe(IDENTITY_KEY_PREFIX);
  });

  it('is allowed by the Content-Security-Policy by its hash, and no other inline script is', () => {
    const expected = `'sha256-${createHash('sha256').update(SHELL_GATE_SCRIPT).digest('base64')}'`;
    expect(SHELL_GATE_HASH).toBe(expected);
    for (const header of [true, false]) {
      const scriptSrc = cspDirectives({}, { header })
        .split('; ')
        .find((d) => d.startsWith('script-src '));
      expect(scriptSrc?.split(' ').slice(1).sort()).toEqual(["'self'", expected, 'https://js.stripe.com'].sort());
    }
  });
});
