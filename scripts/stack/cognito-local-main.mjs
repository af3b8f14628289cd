/**
 * Starts cognito-local 5.3 the way its own bin (cognito-local/lib/bin/start.js) does, with one change:
 * its log goes straight to process.stdout instead of through pino-pretty's default destination.
 *
 * Why: that default destination is sonic-boom 2.8, which counts what it holds in characters
 * (`data.length`) but subtracts the bytes fs.write reports. Every confirmation code box is drawn with
 * box characters of three bytes each, so after a box its count goes below zero, and the next log line
 * is only written once enough later characters make it positive again. The code of the last sign-up
 * then sat in the emulator's buffer until it logged something else. process.stdout on a pipe is
 * written at once (synchronously on Linux) and counts nothing.
 *
 * The line format is the bin's (`<reqId> <target> <message>`), so the stack can tell which call issued
 * a code; colours are off because the stack reads these lines instead of a terminal.
 */
import { createRequire } from 'node:module';
import process from 'node:process';

// Started as `node cognito-local-main.mjs <path of cognito-local/package.json>` (scripts/stack/cognito.ts).
// pino and pino-pretty are required as cognito-local resolves them: the versions its own bin uses.
const [packageJson] = process.argv.slice(2);
if (!packageJson) throw new Error('Usage: cognito-local-main.mjs <path of cognito-local/package.json>');
const fromCognitoLocal = createRequire(packageJson);
const pino = fromCognitoLocal('pino');
const pinoPretty = fromCognitoLocal('pino-pretty');
const { createDefaultServer } = fromCognitoLocal('./lib/server');

const logger = pino(
  { level: process.env.DEBUG ? 'debug' : 'info' },
  pinoPretty({
    colorize: false,
    ignore: 'pid,name,hostname',
    singleLine: true,
    messageFormat: (log, messageKey) => `${log.reqId ?? 'NONE'} ${log.target ?? 'NONE'} ${log[messageKey]}`,
    destination: process.stdout,
  }),
);

createDefaultServer(logger)
  .then((server) => server.start())
  .then((server) => {
    const address = server.address();
    if (!address) throw new Error('Server started without address');
    const url = typeof address === 'string' ? address : `${address.address}:${address.port}`;
    logger.info(`Cognito Local running on http://${url}`);
  })
  .catch((error) => {
    logger.error(error);
    process.exit(1);
  });
