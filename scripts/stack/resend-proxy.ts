/**
 * The stand-in for ResendConfirmationCode, in front of cognito-local.
 *
 * cognito-local 5.3 has no ResendConfirmationCode (its lib/targets/ lacks it); real Cognito has it and
 * the console calls it from Confirm Email. This server takes the cognito port the console, the API and
 * the tests use, answers that one call itself and streams every other request to the emulator and back
 * unchanged (the tokens' issuer is this address, so the API's JWKS and issuer checks pass through too).
 *
 * A resent code has to be one the emulator accepts in ConfirmSignUp, which compares the code with the
 * user's stored `ConfirmationCode`. cognito-local's ForgotPassword stores a new code in that same field,
 * whatever the user's status, and keeps the password; so for an UNCONFIRMED user the stand-in has the
 * emulator issue one through ForgotPassword, and the stack prints it as a confirmation code
 * (`claimNextResetAsConfirmation`). The emulator keeps its own data: nothing here edits its files.
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { attributeOf, cognitoCall, CognitoError } from '../../server/core/userPool';
import type { IssuedCodes } from './codes';

const RESEND_TARGET = 'AWSCognitoIdentityProviderService.ResendConfirmationCode';

export interface ResendProxyOptions {
  /** Where the proxy listens (the port clients are given). */
  port: number;
  /** cognito-local's own address. */
  upstream: string;
  codes: IssuedCodes;
  /** Resends allowed per account within windowMs (default 5 in 15 minutes), like Cognito's limit. */
  limit?: { max: number; windowMs: number };
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

export async function startResendProxy(options: ResendProxyOptions): Promise<ResendProxy> {
  const upstream = new URL(options.upstream);
  const limit = options.limit ?? { max: 5, windowMs: 15 * 60_000 };
  const recent = new Map<string, number[]>();
  let pool: { userPoolId: string; clientId: string } | null = null;

  const resend = async (raw: string) => {
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw new CognitoFault('SerializationException', 'The request body is not valid JSON.');
    }
    const { ClientId: clientId, Username: username } = (body ?? {}) as { ClientId?: unknown; Username?: unknown };
    if (typeof clientId !== 'string' || clientId === '') throw new CognitoFault('InvalidParameterException', 'ClientId is required.');
    if (typeof username !== 'string' || username === '') throw new CognitoFault('InvalidParameterException', 'Username is required.');
    if (!pool || clientId !== pool.clientId)
      throw new CognitoFault('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);

    let user: { UserStatus?: string; UserAttributes?: Array<{ Name: string; Value?: string }> };
    try {
      user = await cognitoCall(options.upstream, 'AdminGetUser', { UserPoolId: pool.userPoolId, Username: username });
    } catch (error) {
      if (error instanceof CognitoError && error.type === 'UserNotFoundException') {
        throw new CognitoFault('UserNotFoundException', 'Username/client id combination not found.');
      }
      throw error;
    }
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
    if (req.method !== 'POST' || req.headers['x-amz-target'] !== RESEND_TARGET) {
      pass(req, res);
      return;
    }
    readBody(req)
      .then(resend)
      .then(
        (result) => reply(res, 200, result),
        (error: unknown) => {
          if (error instanceof CognitoFault) reply(res, error.status, { __type: error.type, message: error.message });
          else if (error instanceof CognitoError) reply(res, error.httpStatus, { __type: error.type, message: error.message });
          else reply(res, 500, { __type: 'InternalErrorException', message: error instanceof Error ? error.message : String(error) });
        },
      );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    setPool(next) {
      pool = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
