/**
 * The one inline script the console's pages carry: it decides, before the first paint, whether the
 * prerendered console shell (scripts/build/prerender.ts) is shown. Only to a tab that holds a session (the
 * identity SDK's `...LastAuthUser` key in sessionStorage, where src/services/storage.ts keeps the
 * tokens) at the very path the shell was drawn for: index.html also answers paths no page of its own
 * serves (/billing/user/..., an unknown address). Otherwise it removes the shell, and the visitor
 * sees what they saw before shells (the page is empty until the JavaScript renders it).
 *
 * It reads nothing else and writes nothing but the root's attributes and children. src/main.tsx
 * makes the real decision (is the stored session valid, is this an administrator) and replaces the
 * shell either way.
 *
 * The Content-Security-Policy allows exactly this script by its hash (scripts/build/csp.ts): script-src
 * keeps no 'unsafe-inline'.
 */
import { createHash } from 'node:crypto';

/** The root's attribute naming the path its shell shows, and the one the script sets to reveal it. */
export const SHELL_ATTRIBUTE = 'data-shell';
export const SHELL_SHOWN_ATTRIBUTE = 'data-shell-shown';

/** Mirrors IDENTITY_KEY_PREFIX (src/services/storage.ts; tests/unit/shell-gate.test.ts holds them equal). */
export const SHELL_SESSION_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

export const SHELL_GATE_SCRIPT =
  '(function(){' +
  'var r=document.getElementById("root"),s=false,i,k;' +
  'try{for(i=0;i<sessionStorage.length;i++){k=sessionStorage.key(i)||"";' +
  `if(k.indexOf("${SHELL_SESSION_KEY_PREFIX}")===0&&/\\.LastAuthUser$/.test(k)&&sessionStorage.getItem(k)){s=true;break}}}catch(e){}` +
  `if(!r)return;if(s&&location.pathname===r.getAttribute("${SHELL_ATTRIBUTE}")){r.setAttribute("${SHELL_SHOWN_ATTRIBUTE}","")}` +
  `else{r.removeAttribute("${SHELL_ATTRIBUTE}");r.removeAttribute("inert");r.replaceChildren()}` +
  '})()';

/** The script's CSP source expression. */
export const SHELL_GATE_HASH = `'sha256-${createHash('sha256').update(SHELL_GATE_SCRIPT, 'utf8').digest('base64')}'`;
