/** The identity-adjacent routes (SPEC §3, §7) and the session routes (docs/API.md "Sessions"). */
import { CompleteSignupRequestSchema, CompleteSignupResponseSchema, MeResponseSchema } from '../account';
import { MessageResponseSchema } from '../shared';
import { defineRoutes } from './route';

export const accountRoutes = defineRoutes({
  completeSignup: {
    operation: 'completeSignup',
    method: 'POST',
    path: '/api/complete-signup',
    summary: 'Creates the organisation and its first administrator after the user pool sign-up (idempotent).',
    specifiedIn: 'SPEC §3, §7',
    body: CompleteSignupRequestSchema,
    response: CompleteSignupResponseSchema,
    created: true,
  },
  activateUser: {
    operation: 'activateUser',
    method: 'POST',
    path: '/users/activate',
    summary: 'Activates the signed-in member on their first sign-in (a member never active before).',
    specifiedIn: 'SPEC §7',
    response: MessageResponseSchema,
  },
  me: {
    operation: 'me',
    method: 'GET',
    path: '/api/me',
    summary: 'The signed-in administrator, their organisation and role.',
    specifiedIn: 'docs/API.md',
    response: MeResponseSchema,
  },
  signOut: {
    operation: 'session.signOut',
    method: 'POST',
    path: '/api/session/sign-out',
    summary: 'Ends this session: the API refuses its access tokens from then on, on every process.',
    specifiedIn: 'docs/API.md',
    response: MessageResponseSchema,
  },
  signOutAll: {
    operation: 'session.signOutAll',
    method: 'POST',
    path: '/api/session/sign-out-all',
    summary: 'Ends every session of the account: every access token issued until now is refused.',
    specifiedIn: 'docs/API.md',
    response: MessageResponseSchema,
  },
});
