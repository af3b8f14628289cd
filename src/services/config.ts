/**
 * Deploy-time settings. Every one comes from a VITE_* variable, parsed once here; nothing else in
 * the code base reads import.meta.env. A missing or invalid value raises ConfigError naming it,
 * and the composition root shows a configuration screen instead of a blank page.
 */
import * as v from 'valibot';

const AUTH_FLOWS = ['USER_SRP_AUTH', 'USER_PASSWORD_AUTH'] as const;
type AuthFlow = (typeof AUTH_FLOWS)[number];

const httpUrl = (name: string) =>
  v.pipe(
    v.string(`${name} is missing`),
    v.trim(),
    v.minLength(1, `${name} is missing`),
    v.url(`${name} must be a URL (https://...)`),
    v.check((value) => /^https?:\/\//.test(value), `${name} must be an http(s) URL`),
    v.transform((value) => value.replace(/\/+$/, '')),
  );

const required = (name: string) => v.pipe(v.string(`${name} is missing`), v.trim(), v.minLength(1, `${name} is missing`));

// An absent variable reads as '' so that it gets the "is missing" message of its own rule.
const EnvSchema = v.object({
  VITE_API_BASE_URL: v.optional(httpUrl('VITE_API_BASE_URL'), ''),
  VITE_COGNITO_USER_POOL_ID: v.optional(
    v.pipe(
      required('VITE_COGNITO_USER_POOL_ID'),
      v.regex(/^[\w-]+_[0-9a-zA-Z]+$/, 'VITE_COGNITO_USER_POOL_ID must look like <region>_<id>, e.g. us-east-1_AbC123'),
    ),
    '',
  ),
  VITE_COGNITO_CLIENT_ID: v.optional(required('VITE_COGNITO_CLIENT_ID'), ''),
  /** Only needed for a custom endpoint (the local emulator); a real pool derives its endpoint from the pool id. */
  VITE_COGNITO_ENDPOINT: v.optional(v.union([v.literal(''), httpUrl('VITE_COGNITO_ENDPOINT')]), ''),
  VITE_AUTH_FLOW: v.optional(v.picklist(AUTH_FLOWS, `VITE_AUTH_FLOW must be one of ${AUTH_FLOWS.join(', ')}`), 'USER_SRP_AUTH'),
  VITE_STRIPE_PUBLISHABLE_KEY: v.optional(
    v.pipe(
      required('VITE_STRIPE_PUBLISHABLE_KEY'),
      v.regex(/^pk_(test|live)_\w+$/, 'VITE_STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (starting pk_test or pk_live)'),
    ),
    '',
  ),
});

export interface AppConfig {
  apiBaseUrl: string;
  cognito: {
    userPoolId: string;
    clientId: string;
    /** e.g. http://127.0.0.1:9229 for cognito-local; undefined for a real pool. */
    endpoint: string | undefined;
    /** The region, from the pool id. */
    region: string;
    authFlow: AuthFlow;
  };
  stripePublishableKey: string;
  /** Origins the console may open hosted pages from besides https ones (the local stack's own). */
  trustedOrigins: readonly string[];
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly { name: string; message: string }[]) {
    super(`The console is not configured: ${problems.map((p) => p.message).join('; ')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | boolean | undefined>): AppConfig {
  const result = v.safeParse(EnvSchema, env, { abortPipeEarly: true });
  if (!result.success) {
    const problems = result.issues.map((issue) => ({
      name: String(v.getDotPath(issue) ?? 'configuration'),
      message: issue.message,
    }));
    throw new ConfigError(problems);
  }
  const e = result.output;
  const endpoint = e.VITE_COGNITO_ENDPOINT === '' ? undefined : e.VITE_COGNITO_ENDPOINT;
  const origins = new Set<string>();
  // Plain-http origins are trusted only when they are the stack's own (a local deployment).
  for (const url of [e.VITE_API_BASE_URL, endpoint]) {
    if (url && url.startsWith('http://')) origins.add(new URL(url).origin);
  }
  return {
    apiBaseUrl: e.VITE_API_BASE_URL,
    cognito: {
      userPoolId: e.VITE_COGNITO_USER_POOL_ID,
      clientId: e.VITE_COGNITO_CLIENT_ID,
      endpoint,
      region: e.VITE_COGNITO_USER_POOL_ID.split('_')[0] ?? '',
      authFlow: e.VITE_AUTH_FLOW,
    },
    stripePublishableKey: e.VITE_STRIPE_PUBLISHABLE_KEY,
    trustedOrigins: [...origins],
  };
}
