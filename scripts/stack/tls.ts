/**
 * A certificate of the stack's own for 127.0.0.1, so that the console can be served over HTTPS and
 * HTTP/2, as a deployment serves it (docs/DEPLOYMENT.md: nginx with `http2 on`, or a CDN).
 *
 * Why the bench needs it: browsers speak HTTP/2 only over TLS. Over HTTP/1.1 a page's ~50 scripts
 * share six connections, one request at a time each, and Lighthouse's simulated phone network
 * charges each of them a round trip: the signed-in pages' figures then measure the local stack's
 * transport, not the console (docs/PERFORMANCE.md).
 *
 * The certificate is self-signed, made with openssl (Debian's, present wherever Node and git are)
 * and kept with the stack's data. Only a browser the bench starts trusts it, and only it: Chromium's
 * `--ignore-certificate-errors-spki-list` with this key's hash (`spki`), not every certificate.
 */
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LocalCertificate {
  keyFile: string;
  certFile: string;
  /** The certificate (PEM): what a Node client gives as `ca` to trust this server alone. */
  cert: string;
  /** base64 SHA-256 of the certificate's public key (SPKI): Chromium's `--ignore-certificate-errors-spki-list`. */
  spki: string;
}

/** Days a new certificate is valid; one closer than a day to its end is made again. */
const VALID_DAYS = 30;
const RENEW_BEFORE_MS = 24 * 60 * 60 * 1000;

/** The base64 SHA-256 of a PEM certificate's public key, as Chromium's SPKI list takes it. */
export function spkiHash(certPem: string): string {
  const der = new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64');
}

function usable(certFile: string, keyFile: string, now: number): boolean {
  if (!existsSync(certFile) || !existsSync(keyFile)) return false;
  try {
    const cert = new X509Certificate(readFileSync(certFile));
    return Date.parse(cert.validTo) - now > RENEW_BEFORE_MS && cert.checkIP('127.0.0.1') === '127.0.0.1';
  } catch {
    return false;
  }
}

/**
 * The certificate in `dir` (made there first when missing, unreadable or near its end): a P-256 key
 * and a certificate for the address 127.0.0.1.
 */
export function localCertificate(dir: string, now = Date.now()): LocalCertificate {
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  if (!usable(certFile, keyFile, now)) {
    mkdirSync(dir, { recursive: true });
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-days',
          String(VALID_DAYS),
          '-subj',
          '/CN=Hardline local stack',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
          '-keyout',
          keyFile,
          '-out',
          certFile,
        ],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
    } catch (error) {
      const detail = (error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message;
      throw new Error(`Could not make the local stack's certificate with openssl (apt-get install openssl): ${detail}`);
    }
  }
  const cert = readFileSync(certFile, 'utf8');
  return { keyFile, certFile, cert, spki: spkiHash(cert) };
}
