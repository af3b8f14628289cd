/**
 * The one inline script the console's pages carry: it decides, before the first paint, whether the
 * prerendered console shell (scripts/build/prerender.ts) is shown. Only to a tab that holds a session (the
 * identity SDK's `...LastAuthUser` key in sessionStorage, where src/services/storage.ts keeps the
 * tokens) at an address of the route the shell was drawn for (`/billing/user/:userId` for every
 * member's billing): index.html also answers addresses no page of its own serves (an unknown one).
 * Otherwise it removes the shell, and the visitor sees what they saw before shells (the page is
 * empty until the JavaScript renders it).
 *
 * It reads nothing else and writes nothing but the root's attributes and children, and the page's
 * scripts. src/main.tsx makes the real decision (is the stored session valid, is this an
 * administrator) and replaces the shell either way.
 *
 * It also starts the page's scripts. A page with a shell names them inertly,
 * `<link data-after-paint="module" href>` for the entry and `<link data-after-paint="modulepreload"
 * href>` for the chunks its screen needs (scripts/build/prerender.ts), and the script adds the real
 * elements: after the frame that paints the shell when it is shown, at once otherwise (or in a
 * hidden tab, which paints nothing). Started by the parser, they arrived while the shell was still
 * being laid out (on a fast link) and their compilation and the entry's run took the main thread
 * first: the shell the page carries so that something shows at once showed only once the code it
 * stands in for had run. The cost: the scripts are asked for one frame later than the HTML names
 * them.
 *
 * The Content-Security-Policy allows exactly this script by its hash (scripts/build/csp.ts): script-src
 * keeps no 'unsafe-inline'. The scripts it adds are allowed by their origin ('self'), as they were
 * when the parser added them.
 */
import { createHash } from 'node:crypto';

/** The root's attribute naming the path its shell shows, and the one the script sets to reveal it. */
export const SHELL_ATTRIBUTE = 'data-shell';
export const SHELL_SHOWN_ATTRIBUTE = 'data-shell-shown';

/** Mirrors IDENTITY_KEY_PREFIX (src/services/storage.ts; tests/unit/shell-gate.test.ts holds them equal). */
export const SHELL_SESSION_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

/** Names a page's script inertly until the gate script starts it: `module` (the entry) or `modulepreload`. */
export const AFTER_PAINT_ATTRIBUTE = 'data-after-paint';

export const SHELL_GATE_SCRIPT =
  '(function(){' +
  'var r=document.getElementById("root"),s=false,w=false,i,k;' +
  'try{for(i=0;i<sessionStorage.length;i++){k=sessionStorage.key(i)||"";' +
  `if(k.indexOf("${SHELL_SESSION_KEY_PREFIX}")===0&&/\\.LastAuthUser$/.test(k)&&sessionStorage.getItem(k)){s=true;break}}}catch(e){}` +
  // The path matches the shell's route: each segment the same, or any one for a `:name` segment
  // (as matchesRoute in scripts/build/signed-in-preloads.ts).
  `function m(p){var a=(p||"").split("/"),b=location.pathname.split("/"),j;if(!p||a.length!==b.length)return false;` +
  'for(j=0;j<a.length;j++){if(a[j].charAt(0)===":"?!b[j]:a[j]!==b[j])return false}return true}' +
  `if(r){if(s&&m(r.getAttribute("${SHELL_ATTRIBUTE}"))){r.setAttribute("${SHELL_SHOWN_ATTRIBUTE}","");w=true}` +
  `else{r.removeAttribute("${SHELL_ATTRIBUTE}");r.removeAttribute("inert");r.replaceChildren()}}` +
  // The elements go into the head together, as one fragment: inserted one by one, each insertion
  // was work of its own, about 120 ms for a route's 46 on a phone's CPU (Chromium, CPU 4x slower),
  // against 15 to 60 ms for one fragment, in the task that runs right after the shell's first paint.
  `function go(){var a=document.querySelectorAll("link[${AFTER_PAINT_ATTRIBUTE}]"),f=document.createDocumentFragment(),j,o,t,h;` +
  'for(j=0;j<a.length;j++){o=a[j];h=o.getAttribute("href");' +
  `if(o.getAttribute("${AFTER_PAINT_ATTRIBUTE}")==="module"){t=document.createElement("script");t.type="module";t.src=h}` +
  'else{t=document.createElement("link");t.rel="modulepreload";t.href=h}' +
  'if(o.hasAttribute("crossorigin"))t.crossOrigin="";f.appendChild(t)}document.head.appendChild(f)}' +
  // A task queued from requestAnimationFrame runs after the frame it was called for has been painted.
  'if(w&&document.visibilityState!=="hidden")requestAnimationFrame(function(){setTimeout(go,0)});else go()' +
  '})()';

/** The script's CSP source expression. */
export const SHELL_GATE_HASH = `'sha256-${createHash('sha256').update(SHELL_GATE_SCRIPT, 'utf8').digest('base64')}'`;
