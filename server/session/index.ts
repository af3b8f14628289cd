/**
 * Signing out at the API (beyond SPEC §7; docs/API.md "Sessions", docs/SECURITY.md "Sessions"):
 * - POST /api/session/sign-out ends the caller's session: its access token, and every access token
 *   of the same sign-in, is refused (401) by every API process from the answer on.
 * - POST /api/session/sign-out-all ends every session of the caller's account: every access token
 *   issued to it until now is refused.
 * Both take no body, answer 200 `{ message }`, and need no membership: anyone may end their own session. The
 * console calls them before it revokes the tokens at the user pool (RevokeToken, GlobalSignOut).
 */
import type { Hono } from 'hono';
import { handle, type AppContext, type AppEnv, type ServerDeps, type ServerModule } from '../core/module';
import { endAccountSessions, endSession } from '../core/sessions';
import { accountRoutes } from '../../src/contract/routes/account';

function sessionOf(c: AppContext) {
  const { sub, session } = c.get('caller');
  if (!session) throw new Error('The caller has no session: the authentication middleware did not run.');
  return { sub, session };
}

function register(app: Hono<AppEnv>, { db }: ServerDeps): void {
  handle(app, accountRoutes.signOut, async (c) => {
    const { sub, session } = sessionOf(c);
    await endSession(db, sub, session);
    return c.json({ message: 'Signed out.' });
  });
  handle(app, accountRoutes.signOutAll, async (c) => {
    const { sub } = sessionOf(c);
    await endAccountSessions(db, sub);
    return c.json({ message: 'Signed out of all devices.' });
  });
}

export const sessionModule: ServerModule = { name: 'session', register };
