/** The bench's measurements over HTTP sign in as the local stack's seeded administrator. */
import { cognitoCall } from '../stack/cognito-call';
import { ADMIN } from './browser';

/** The administrator's access token from the stack's user pool (USER_PASSWORD_AUTH). */
export async function adminAccessToken(stack: { cognitoEndpoint: string; clientId: string }): Promise<string> {
  const auth = await cognitoCall<{ AuthenticationResult?: { AccessToken?: string } }>(stack.cognitoEndpoint, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: stack.clientId,
    AuthParameters: { USERNAME: ADMIN.email, PASSWORD: ADMIN.password },
  });
  const token = auth.AuthenticationResult?.AccessToken;
  if (!token) throw new Error('The seeded administrator could not sign in to the user pool');
  return token;
}
