/**
 * The console's Content-Security-Policy, derived from the same VITE_* settings the build uses, so
 * connections are allowed only to the configured API, the identity endpoint and Stripe.
 *
 * Relaxation, on purpose: `style-src 'unsafe-inline'`. Chakra UI (Emotion) writes its styles into
 * <style> elements at run time; a static SPA has no per-response nonce to give them. Inline styles
 * cannot run script, and script-src stays strict ('self', Stripe and the hash of the one inline
 * script, scripts/build/shell-gate.ts; no 'unsafe-inline', no eval).
 */
import { SHELL_GATE_HASH } from './shell-gate.ts';

export interface CspSettings {
  apiBaseUrl?: string;
  cognitoEndpoint?: string;
  userPoolId?: string;
}

const STRIPE_SCRIPT = 'https://js.stripe.com';
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_CONNECT = ['https://api.stripe.com', 'https://m.stripe.network', 'https://q.stripe.com'];

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The identity endpoint: the custom one (the emulator), else AWS's for the pool's region. */
function identityOrigin(settings: CspSettings): string | undefined {
  const custom = originOf(settings.cognitoEndpoint);
  if (custom) return custom;
  const region = settings.userPoolId?.split('_')[0];
  return region ? `https://cognito-idp.${region}.amazonaws.com` : undefined;
}

export function cspDirectives(settings: CspSettings, { header }: { header: boolean }): string {
  const connect = ["'self'", originOf(settings.apiBaseUrl), identityOrigin(settings), ...STRIPE_CONNECT].filter((value): value is string =>
    Boolean(value),
  );
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", SHELL_GATE_HASH, STRIPE_SCRIPT]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'https://*.stripe.com']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', [...new Set(connect)]],
    ['frame-src', STRIPE_FRAMES],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
  ];
  // frame-ancestors is ignored in a <meta> policy; it is only sent as a header.
  if (header) directives.push(['frame-ancestors', ["'none'"]]);
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

export function cspSettingsFromEnv(env: Record<string, string | undefined>): CspSettings {
  return {
    apiBaseUrl: env.VITE_API_BASE_URL,
    cognitoEndpoint: env.VITE_COGNITO_ENDPOINT,
    userPoolId: env.VITE_COGNITO_USER_POOL_ID,
  };
}

/** Headers the local stack's web server sends with every response. */
export function securityHeaders(settings: CspSettings): Record<string, string> {
  return {
    'Content-Security-Policy': cspDirectives(settings, { header: true }),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  };
}
