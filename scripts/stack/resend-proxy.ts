/**
 * The local stack's stand-in for what cognito-local 5.3 lacks, in front of it.
 *
 * This server takes the cognito port the console, the API and the tests use. It answers or enforces
 * the calls the emulator gets wrong, and streams every other request to the emulator and back
 * unchanged (the tokens' issuer is this address, so the API's JWKS and issuer checks pass through
 * too). The emulator keeps its own data: nothing here edits its files.
 *
 * - ResendConfirmationCode (the emulator has none). A resent code has to be one the emulator accepts
 *   in ConfirmSignUp, which compares the code with the user's stored `ConfirmationCode`. The
 *   emulator's ForgotPassword stores a new code in that same field, whatever the user's status, and
 *   keeps the password; so for an UNCONFIRMED user the stand-in has the emulator issue one through
 *   ForgotPassword, and the stack prints it as a confirmation code (`claimNextResetAsConfirmation`).
 * - AdminCreateUser with MessageAction RESEND (the emulator answers "unsupported"): for an account
 *   still in FORCE_CHANGE_PASSWORD, a new temporary password (the one given, or a generated one) is
 *   set with AdminSetUserPassword and delivered like the emulator's invitations (the stack prints
 *   it). Another state is UnsupportedUserStateException, as on AWS.
 * - GlobalSignOut (with the user's AccessToken, verified here against the emulator's keys) and
 *   AdminUserGlobalSignOut (the emulator has neither): the moment is recorded for the account, and
 *   from then on its refresh tokens issued before it are refused ("Refresh Token has been revoked"),
 *   and so are its access tokens issued before it, on every call that presents one ("Access Token has
 *   been revoked"), as Cognito does. The moments survive a restart (`stateFile`).
 * - Temporary passwords: the emulator answers NEW_PASSWORD_REQUIRED to an invited account whatever
 *   password is given. The stand-in notes each temporary password it sees set (AdminCreateUser,
 *   RESEND) and refuses another one ("Incorrect username or password."), so a resent invitation's
 *   old password stops working, as on AWS.
 * - AdminDisableUser: the emulator records it but still signs the user in. The stand-in refuses a
 *   disabled account's sign-in (InitiateAuth, RespondToAuthChallenge), refresh and access-token calls
 *   with NotAuthorizedException "User is disabled."; AdminEnableUser (the emulator's) undoes it.
 * - GetTokensFromRefreshToken (the emulator has none; the console refreshes with it, the one refresh
 *   an app client with refresh token rotation accepts): checked like any refresh (a revoked token, a
 *   disabled account), then asked of the emulator as InitiateAuth's REFRESH_TOKEN_AUTH. The answer
 *   carries no new refresh token, as from an app client without rotation (the local one).
 *
 * Whether a token was issued before a sign-out is known from the order of events here: every
 * AuthenticationResult passes through, and its tokens' `jti` is noted in sequence with the sign-outs
 * (a clock could give both the same millisecond). A token issued before this process started is
 * compared by its `iat` with the sign-out's time.
 */
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { generateTemporaryPassword } from '../../server/core/userPool';
import { attributeOf, cognitoCall, CognitoError } from './cognito-call';
import type { IssuedCodes } from './codes';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

export interface ResendProxyOptions {
  /** Where the proxy listens (the port clients are given). */
  port: number;
  /** cognito-local's own address. */
  upstream: string;
  codes: IssuedCodes;
  /** Resends allowed per account within windowMs (default 5 in 15 minutes), like Cognito's limit. */
  limit?: { max: number; windowMs: number };
  /** A JSON file that keeps the sign-out moments across restarts (none: memory only). */
  stateFile?: string;
}

export interface ResendProxy {
  endpoint: string;
  /** The pool and client the stand-in answers for (known once the stack has created them). */
  setPool(pool: { userPoolId: string; clientId: string }): void;
  close(): Promise<void>;
}

class CognitoFault extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** `alice@example.com` → `a***@e***`, the way Cognito shows a destination. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    'Content-Type': 'application/x-amz-json-1.1',
    // cognito-local answers every origin (cors origin '*'); so does its stand-in.
    'Access-Control-Allow-Origin': '*',
  });
  res.end(JSON.stringify(body));
}

type Body = Record<string, unknown>;

function parseJson(raw: string): Body {
  try {
    const body: unknown = JSON.parse(raw);
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body as Body;
  } catch {
    // answered below
  }
  throw new CognitoFault('SerializationException', 'The request body is not valid JSON.');
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The claims of a token the emulator issued, or null when it is not a JWT. */
function claimsOf(token: string): { jti?: string; iat?: number; username?: string; sub?: string } | null {
  try {
    const claims = decodeJwt(token);
    const username = text(claims['username']) ?? text(claims['cognito:username']);
    return {
      ...(typeof claims.jti === 'string' ? { jti: claims.jti } : {}),
      ...(typeof claims.iat === 'number' ? { iat: claims.iat } : {}),
      ...(username ? { username } : {}),
      ...(typeof claims.sub === 'string' ? { sub: claims.sub } : {}),
    };
  } catch {
    return null;
  }
}

interface UpstreamAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

interface PoolUser {
  Username: string;
  Enabled?: boolean;
  UserStatus?: string;
  UserAttributes?: Array<{ Name: string; Value?: string }>;
  UserCreateDate?: unknown;
  UserLastModifiedDate?: unknown;
}

export async function startResendProxy(options: ResendProxyOptions): Promise<ResendProxy> {
  const upstream = new URL(options.upstream);
  const limit = options.limit ?? { max: 5, windowMs: 15 * 60_000 };
  const recent = new Map<string, number[]>();
  let pool: { userPoolId: string; clientId: string } | null = null;
  let jwks: ReturnType<typeof createRemoteJWKSet> | null = null;
  let endpoint = '';

  /** Orders token issues and sign-outs as they happen here. */
  let sequence = 0;
  /** When each account last signed out everywhere (ms, and in sequence when it happened here), by the pool's username. */
  const signedOut = new Map<string, { at: number; seq?: number }>(loadState(options.stateFile).map(([name, at]) => [name, { at }]));
  /** Where in the sequence each token that passed through here was issued, by `jti`. */
  const issued = new Map<string, number>();
  /** The temporary password each invited account was last given, by the pool's username (memory only). */
  const temporaryPasswords = new Map<string, string>();

  const saveState = async () => {
    if (!options.stateFile) return;
    const state = { signedOutAt: Object.fromEntries([...signedOut].map(([name, { at }]) => [name, at])) };
    await writeFile(options.stateFile, `${JSON.stringify(state, null, 2)}\n`);
  };

  const requirePool = () => {
    if (!pool) throw new CognitoFault('ResourceNotFoundException', 'The user pool does not exist yet.');
    return pool;
  };

  /** The account, or null when the pool has none of that name. */
  const findUser = async (username: string): Promise<PoolUser | null> => {
    try {
      return await cognitoCall<PoolUser>(options.upstream, 'AdminGetUser', { UserPoolId: requirePool().userPoolId, Username: username });
    } catch (error) {
      if (error instanceof CognitoError && error.type === 'UserNotFoundException') return null;
      throw error;
    }
  };

  /** True when the token was issued before the sign-out. */
  const issuedBefore = (claims: { jti?: string; iat?: number }, signOut: { at: number; seq?: number }): boolean => {
    const seq = claims.jti ? issued.get(claims.jti) : undefined;
    if (seq !== undefined && signOut.seq !== undefined) return seq < signOut.seq;
    return (claims.iat ?? 0) * 1000 < signOut.at;
  };

  /** Refuses a disabled account, and a token of the account issued before it signed out everywhere. */
  const enforce = async (
    username: string | undefined,
    token?: { kind: 'Access' | 'Refresh'; claims: { jti?: string; iat?: number } },
    password?: string,
  ) => {
    if (!username || !pool) return;
    const user = await findUser(username);
    if (!user) return; // the emulator answers for an account it does not have
    if (user.Enabled === false) throw new CognitoFault('NotAuthorizedException', 'User is disabled.');
    const temporary = temporaryPasswords.get(user.Username);
    if (password !== undefined && user.UserStatus === 'FORCE_CHANGE_PASSWORD' && temporary !== undefined && temporary !== password) {
      throw new CognitoFault('NotAuthorizedException', 'Incorrect username or password.');
    }
    const signOut = signedOut.get(user.Username);
    if (token && signOut && issuedBefore(token.claims, signOut)) {
      throw new CognitoFault('NotAuthorizedException', `${token.kind} Token has been revoked`);
    }
  };

  const resendConfirmationCode = async (body: Body) => {
    const clientId = text(body['ClientId']);
    const username = text(body['Username']);
    if (!clientId) throw new CognitoFault('InvalidParameterException', 'ClientId is required.');
    if (!username) throw new CognitoFault('InvalidParameterException', 'Username is required.');
    if (!pool || clientId !== pool.clientId)
      throw new CognitoFault('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);

    const user = await findUser(username);
    if (!user) throw new CognitoFault('UserNotFoundException', 'Username/client id combination not found.');
    if (user.UserStatus !== 'UNCONFIRMED') throw new CognitoFault('InvalidParameterException', 'User is already confirmed.');
    const email = attributeOf(user.UserAttributes, 'email');
    if (!email) throw new CognitoFault('InvalidParameterException', 'User has no email to send a code to.');

    const key = email.toLowerCase();
    const now = Date.now();
    const times = (recent.get(key) ?? []).filter((t) => now - t < limit.windowMs);
    if (times.length >= limit.max) {
      recent.set(key, times);
      throw new CognitoFault('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
    }
    recent.set(key, [...times, now]);

    // The code is the emulator's: it stores it, logs it (as ForgotPassword), and the stack prints it
    // as a confirmation code. The answer waits for that line, so the code is out before the reply.
    const claim = options.codes.claimNextResetAsConfirmation(key, 10_000);
    try {
      await cognitoCall(options.upstream, 'ForgotPassword', { ClientId: clientId, Username: username });
    } catch (error) {
      claim.cancel();
      throw error;
    }
    await claim.code;
    return { CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskEmail(email) } };
  };

  const resendInvitation = async (body: Body) => {
    const { userPoolId } = requirePool();
    const username = text(body['Username']);
    if (text(body['UserPoolId']) !== userPoolId) throw new CognitoFault('ResourceNotFoundException', 'User pool does not exist.');
    if (!username) throw new CognitoFault('InvalidParameterException', 'Username is required.');
    const user = await findUser(username);
    if (!user) throw new CognitoFault('UserNotFoundException', 'User does not exist.');
    if (user.UserStatus !== 'FORCE_CHANGE_PASSWORD') {
      throw new CognitoFault(
        'UnsupportedUserStateException',
        `Resend not possible. ${user.Username} status is ${user.UserStatus ?? 'unknown'}.`,
      );
    }
    const email = attributeOf(user.UserAttributes, 'email');
    if (!email) throw new CognitoFault('InvalidParameterException', 'User has no attribute matching desired delivery mediums');
    const password = text(body['TemporaryPassword']) ?? generateTemporaryPassword();
    await cognitoCall(options.upstream, 'AdminSetUserPassword', {
      UserPoolId: userPoolId,
      Username: user.Username,
      Password: password,
      Permanent: false,
    });
    temporaryPasswords.set(user.Username, password);
    options.codes.temporaryPassword(email, password);
    return {
      User: {
        Username: user.Username,
        Attributes: user.UserAttributes ?? [],
        Enabled: user.Enabled ?? true,
        UserStatus: 'FORCE_CHANGE_PASSWORD',
        UserCreateDate: user.UserCreateDate,
        UserLastModifiedDate: user.UserLastModifiedDate,
      },
    };
  };

  const recordSignOut = async (username: string) => {
    signedOut.set(username, { at: Date.now(), seq: ++sequence });
    await saveState();
    return {};
  };

  const globalSignOut = async (body: Body) => {
    const token = text(body['AccessToken']);
    if (!token) throw new CognitoFault('InvalidParameterException', 'AccessToken is required.');
    const { userPoolId } = requirePool();
    jwks ??= createRemoteJWKSet(new URL(`${options.upstream}/${userPoolId}/.well-known/jwks.json`));
    let username: string | undefined;
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: `${endpoint}/${userPoolId}` });
      if (payload['token_use'] !== 'access') throw new Error('not an access token');
      username = text(payload['username']);
    } catch {
      throw new CognitoFault('NotAuthorizedException', 'Invalid Access Token');
    }
    await enforce(username, { kind: 'Access', claims: claimsOf(token) ?? {} });
    return recordSignOut(username ?? '');
  };

  const adminGlobalSignOut = async (body: Body) => {
    const { userPoolId } = requirePool();
    if (text(body['UserPoolId']) !== userPoolId) throw new CognitoFault('ResourceNotFoundException', 'User pool does not exist.');
    const user = await findUser(text(body['Username']) ?? '');
    if (!user) throw new CognitoFault('UserNotFoundException', 'User does not exist.');
    return recordSignOut(user.Username);
  };

  /** What the call says about who is signing in (or refreshing), checked before it goes on. */
  const checkSignIn = async (target: string, body: Body) => {
    const parameters = (body['AuthParameters'] ?? {}) as Body;
    if (target === 'InitiateAuth' || target === 'AdminInitiateAuth') {
      const refresh = text(parameters['REFRESH_TOKEN']);
      if (refresh) {
        const claims = claimsOf(refresh);
        await enforce(claims?.username, { kind: 'Refresh', claims: claims ?? {} });
      } else {
        await enforce(text(parameters['USERNAME']), undefined, text(parameters['PASSWORD']));
      }
    } else {
      await enforce(text(((body['ChallengeResponses'] ?? {}) as Body)['USERNAME']));
    }
  };

  /** Notes the temporary password an account was created with. */
  const noteTemporaryPassword = (body: Body, answer: UpstreamAnswer) => {
    const password = text(body['TemporaryPassword']);
    if (answer.status !== 200 || !password) return;
    try {
      const username = text((JSON.parse(answer.raw.toString('utf8')) as { User?: { Username?: unknown } }).User?.Username);
      if (username) temporaryPasswords.set(username, password);
    } catch {
      // not JSON: nothing to note
    }
  };

  /** Notes when the tokens of an answer were issued. */
  const noteTokens = (answer: UpstreamAnswer) => {
    if (answer.status !== 200) return;
    try {
      const result = (JSON.parse(answer.raw.toString('utf8')) as { AuthenticationResult?: Record<string, unknown> }).AuthenticationResult;
      for (const key of ['AccessToken', 'RefreshToken', 'IdToken']) {
        const token = text(result?.[key]);
        const jti = token ? claimsOf(token)?.jti : undefined;
        if (jti) issued.set(jti, ++sequence);
      }
    } catch {
      // not JSON: nothing to note
    }
  };

  /** Sends a call to the emulator: the request's own operation, or `operation` instead. */
  const toUpstream = (req: IncomingMessage, raw: string, operation?: string): Promise<UpstreamAnswer> =>
    new Promise((resolve, reject) => {
      const headers = {
        ...req.headers,
        ...(operation ? { 'x-amz-target': `${TARGET_PREFIX}${operation}` } : {}),
        'content-length': String(Buffer.byteLength(raw)),
      };
      const forward = request(
        { protocol: upstream.protocol, hostname: upstream.hostname, port: upstream.port, method: 'POST', path: req.url, headers },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => resolve({ status: answer.statusCode ?? 502, headers: answer.headers, raw: Buffer.concat(chunks) }));
          answer.on('error', reject);
        },
      );
      forward.on('error', reject);
      forward.end(raw);
    });

  /** Answers with what the emulator answered. */
  const relay = (res: ServerResponse, answer: UpstreamAnswer) => {
    const headers = { ...answer.headers, 'content-length': String(answer.raw.length) };
    delete headers['transfer-encoding'];
    res.writeHead(answer.status, headers);
    res.end(answer.raw);
  };

  /** GetTokensFromRefreshToken, as InitiateAuth's REFRESH_TOKEN_AUTH (see the header). */
  const tokensFromRefreshToken = async (req: IncomingMessage, res: ServerResponse, body: Body) => {
    const token = text(body['RefreshToken']);
    if (!token) throw new CognitoFault('InvalidParameterException', 'RefreshToken is required.');
    const claims = claimsOf(token);
    await enforce(claims?.username, { kind: 'Refresh', claims: claims ?? {} });
    const raw = JSON.stringify({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: body['ClientId'], AuthParameters: { REFRESH_TOKEN: token } });
    const answer = await toUpstream(req, raw, 'InitiateAuth');
    noteTokens(answer);
    if (answer.status !== 200) return relay(res, answer);
    const result =
      (JSON.parse(answer.raw.toString('utf8')) as { AuthenticationResult?: Record<string, unknown> }).AuthenticationResult ?? {};
    const renewed = Object.fromEntries(Object.entries(result).filter(([key]) => key !== 'RefreshToken'));
    return reply(res, 200, { AuthenticationResult: renewed });
  };

  /** A call the stand-in answers itself, or checks before and after the emulator does. */
  const handle = async (target: string, req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const raw = await readBody(req);
    const body = parseJson(raw);
    if (target === 'ResendConfirmationCode') return reply(res, 200, await resendConfirmationCode(body));
    if (target === 'GlobalSignOut') return reply(res, 200, await globalSignOut(body));
    if (target === 'AdminUserGlobalSignOut') return reply(res, 200, await adminGlobalSignOut(body));
    if (target === 'AdminCreateUser' && body['MessageAction'] === 'RESEND') return reply(res, 200, await resendInvitation(body));
    if (target === 'GetTokensFromRefreshToken') return tokensFromRefreshToken(req, res, body);
    if (['InitiateAuth', 'AdminInitiateAuth', 'RespondToAuthChallenge', 'AdminRespondToAuthChallenge'].includes(target)) {
      await checkSignIn(target, body);
    } else {
      const access = text(body['AccessToken']);
      if (access) {
        const claims = claimsOf(access);
        await enforce(claims?.username, { kind: 'Access', claims: claims ?? {} });
      }
    }
    const answer = await toUpstream(req, raw);
    noteTokens(answer);
    if (target === 'AdminCreateUser') noteTemporaryPassword(body, answer);
    relay(res, answer);
  };

  const pass = (req: IncomingMessage, res: ServerResponse) => {
    const forward = request(
      {
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    forward.on('error', (error) => {
      if (!res.headersSent) reply(res, 502, { __type: 'InternalErrorException', message: `cognito-local: ${error.message}` });
      else res.destroy(error);
    });
    req.pipe(forward);
  };

  const server: Server = createServer((req, res) => {
    const header = req.headers['x-amz-target'];
    const target = typeof header === 'string' && header.startsWith(TARGET_PREFIX) ? header.slice(TARGET_PREFIX.length) : null;
    if (req.method !== 'POST' || target === null) {
      pass(req, res);
      return;
    }
    handle(target, req, res).catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else if (error instanceof CognitoFault) reply(res, error.status, { __type: error.type, message: error.message });
      else if (error instanceof CognitoError) reply(res, error.httpStatus, { __type: error.type, message: error.message });
      else reply(res, 500, { __type: 'InternalErrorException', message: error instanceof Error ? error.message : String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    setPool(next) {
      pool = next;
      jwks = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function loadState(file: string | undefined): Array<[string, number]> {
  if (!file) return [];
  try {
    const state = JSON.parse(readFileSync(file, 'utf8')) as { signedOutAt?: Record<string, unknown> };
    return Object.entries(state.signedOutAt ?? {}).filter((entry): entry is [string, number] => typeof entry[1] === 'number');
  } catch {
    return [];
  }
}
