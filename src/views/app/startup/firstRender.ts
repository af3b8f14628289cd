/**
 * How the first render takes over the page the server sent (docs/PERFORMANCE.md): it hydrates the
 * prerendered Sign In, replaces the console's shell in one commit once everything it reads is here,
 * or renders into a root of its own. src/main.tsx asks these in that order.
 */
import { waitFor } from 'xstate';
import {
  selectGateScreen,
  selectIsCheckingSession,
  selectIsPlainSignIn,
  selectSignInFlow,
  type AuthActorRef,
} from '../../../machines/auth';
import type { MachineSourceMap } from '../../../machines/registry';
import { consoleReady } from '../prefetch';

/**
 * Whether the first render would show exactly the page prerendered at build time (src/prerender.tsx:
 * Sign In at /login, for a visitor with no session, nothing remembered, no message): only then can
 * React hydrate the markup that is already on screen instead of replacing it.
 */
export async function showsPrerenderedPage(auth: AuthActorRef, path: string): Promise<boolean> {
  if (window.location.pathname !== path) return false;
  const settled = await waitFor(auth, (s) => !selectIsCheckingSession(s), { timeout: 10_000 }).catch(() => null);
  const flow = settled === null ? undefined : selectSignInFlow(settled);
  return flow !== undefined && selectIsPlainSignIn(flow.getSnapshot());
}

/**
 * Whether the live console replaces the prerendered shell on screen (scripts/build/prerender.ts) in one
 * commit: once the session has been checked and is an administrator's, and everything the console's
 * first render reads has arrived (consoleReady), so that render suspends nowhere. Until then the
 * shell stays. Otherwise (signed out, refused, a chunk that cannot be fetched), false: the page is
 * rendered as without a shell, at once.
 */
export async function consoleReplacesShell(auth: AuthActorRef, machines: MachineSourceMap): Promise<boolean> {
  // Until the Gate shows a screen (the console, Sign In, a refusal...) rather than its spinner.
  const settled = await waitFor(auth, (s) => selectGateScreen(s) !== 'checking', { timeout: 20_000 }).catch(() => null);
  if (settled === null || selectGateScreen(settled) !== 'console') return false;
  return consoleReady(window.location.pathname, machines).then(
    () => true,
    () => false,
  );
}

/**
 * Removes the marks of the console's shell from the root (the path it shows, and that its gate
 * script showed it), which its style in `<head>` reads (scripts/build/prerender.ts). Not `inert`: the
 * shell's branch keeps it until the live console has replaced the shell.
 */
export function forgetShell(root: HTMLElement): void {
  delete root.dataset.shell;
  delete root.dataset.shellShown;
}
