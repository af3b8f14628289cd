/**
 * The API's log: JSON lines with pino, one per request and one per unexpected error.
 *
 * A request line: `{"level":"info","time":"...","msg":"request","reqId":"...","method":"GET",
 * "route":"/api/users/:userId","status":200,"ms":4.2}`. The route is the pattern that answered, never
 * the path: paths carry one-time secrets (`/exports/members/<ticket>`, `/hosted/payment-methods/<token>`)
 * and ids, queries carry what people searched for. Headers and bodies are never logged.
 *
 * Whatever else reaches the log (an error's message and stack, a warning's text) goes through
 * `scrub`: e-mail addresses become `a***@e***`, bearer tokens and JWTs become `[token]`. pg's errors
 * carry the row that failed in `detail` (`Key (org_id, email)=(..., ana@example.com)`): an error is
 * logged as its type, code, message and stack only. pino's `redact` removes the known secret fields
 * of any object logged by mistake as well.
 */
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

const EMAIL = /([\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]*@([\p{L}\p{N}])[\p{L}\p{N}.-]*/gu;
const JWT = /\beyJ[\w-]*\.[\w-]+\.[\w-]+/g;
const BEARER = /\b(Bearer)\s+\S+/gi;

/** Text with its e-mail addresses masked and its tokens removed. */
export function scrub(text: string): string {
  return text.replace(BEARER, '$1 [token]').replace(JWT, '[token]').replace(EMAIL, '$1***@$2***');
}

/** An error as the log shows it: never the properties a driver adds (pg's `detail`, `where`, the query's values). */
export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, message: scrub(String(error)) };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: scrub(error.message),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(error.stack ? { stack: scrub(error.stack) } : {}),
    ...(error.cause !== undefined ? { cause: serializeError(error.cause) } : {}),
  };
}

/** Fields that must never be written, wherever they appear in a logged object. */
const REDACT = [
  'password',
  'temporaryPassword',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'authorization',
  'cookie',
  'email',
  'secret',
].flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

export interface LoggerOptions {
  level: pino.LevelWithSilent;
  /** Where the lines go (default stdout). */
  destination?: DestinationStream;
}

export function createLogger({ level, destination }: LoggerOptions): Logger {
  return pino(
    {
      level,
      base: { service: 'hardline-api', pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: 'msg',
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: serializeError },
      redact: { paths: REDACT, censor: '[redacted]' },
      hooks: {
        // Every message string is scrubbed too (a message built from an error's text, for instance).
        logMethod(args, method) {
          method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrub(arg) : arg)) as Parameters<typeof method>);
        },
      },
    },
    destination ?? pino.destination({ fd: 1, sync: false }),
  );
}
