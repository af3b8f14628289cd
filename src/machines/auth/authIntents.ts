/**
 * The named intents of the session (./authMachine.ts), for the signed-in screens: sign out, of this
 * browser or of all devices, and retry the access check. Imported directly, not through ./index.ts
 * (see ./intents.ts): the login screen does not need them.
 */
import type { AuthActorRef } from './authMachine';

export function authIntents(auth: AuthActorRef) {
  return {
    signOut: () => auth.send({ type: 'auth.signOut' }),
    signOutAllDevices: () => auth.send({ type: 'auth.signOutAllDevices' }),
    retry: () => auth.send({ type: 'auth.retry' }),
  };
}
