/**
 * The Assistant's deploy-time settings, from the environment, parsed once with valibot; a bad value
 * is named with what is wrong with it (every bad variable at once), and the API does not start.
 *
 *   ASSISTANT_MODEL_URL         an OpenAI-compatible chat-completions endpoint (http or https), e.g.
 *                               http://127.0.0.1:8000/v1/chat/completions (vLLM, llama.cpp's server,
 *                               Ollama). Unset or empty: no model, and no request leaves the API.
 *   ASSISTANT_MODEL_NAME        the model that endpoint serves (its `model` field); required with the URL.
 *   ASSISTANT_MODEL_API_KEY     sent as `Authorization: Bearer …` when set (never logged).
 *   ASSISTANT_MODEL_TIMEOUT_MS  how long to wait for the model before the rule parser answers (default 3000).
 */
import * as v from 'valibot';

export interface ModelConfig {
  url: string;
  model: string;
  timeoutMs: number;
  apiKey?: string | undefined;
}

export interface CopilotConfig {
  /** null: no model (the rule parser reads every question). */
  model: ModelConfig | null;
}

const DEFAULT_MODEL_TIMEOUT_MS = 3000;

/** Unset and empty are the same: not configured. */
const optionalText = <T extends v.GenericSchema<string, unknown>>(schema: T) =>
  v.pipe(
    v.optional(v.string()),
    v.transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim())),
    v.optional(schema),
  );

const CopilotEnvSchema = v.pipe(
  v.object({
    ASSISTANT_MODEL_URL: optionalText(
      v.pipe(
        v.string(),
        v.url('must be a URL such as http://127.0.0.1:8000/v1/chat/completions'),
        // Runs even after v.url reported a bad URL (valibot collects every issue), so it must not throw.
        v.check((url) => !URL.canParse(url) || /^https?:$/.test(new URL(url).protocol), 'must be an http or https URL'),
      ),
    ),
    ASSISTANT_MODEL_NAME: optionalText(v.pipe(v.string(), v.maxLength(200, 'must be at most 200 characters'))),
    ASSISTANT_MODEL_API_KEY: optionalText(v.string()),
    ASSISTANT_MODEL_TIMEOUT_MS: optionalText(
      v.pipe(
        v.string(),
        v.regex(/^\d{1,6}$/, 'must be a whole number of milliseconds'),
        v.transform(Number),
        v.minValue(50, 'must be at least 50 ms'),
        v.maxValue(120_000, 'must be at most 120000 ms'),
      ),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['ASSISTANT_MODEL_URL'], ['ASSISTANT_MODEL_NAME']],
      (env) => env.ASSISTANT_MODEL_URL === undefined || env.ASSISTANT_MODEL_NAME !== undefined,
      'is required when ASSISTANT_MODEL_URL is set',
    ),
    ['ASSISTANT_MODEL_NAME'],
  ),
);

/** Raised with every bad variable named: "ASSISTANT_MODEL_URL must be a URL …; ASSISTANT_MODEL_TIMEOUT_MS must be …". */
export class CopilotConfigError extends Error {
  readonly variables: string[];
  constructor(problems: Array<{ variable: string; message: string }>) {
    super(`Invalid Assistant configuration: ${problems.map((p) => `${p.variable} ${p.message}`).join('; ')}`);
    this.name = 'CopilotConfigError';
    this.variables = problems.map((p) => p.variable);
  }
}

export function readCopilotConfig(env: Readonly<Record<string, string | undefined>>): CopilotConfig {
  const result = v.safeParse(CopilotEnvSchema, {
    ASSISTANT_MODEL_URL: env['ASSISTANT_MODEL_URL'],
    ASSISTANT_MODEL_NAME: env['ASSISTANT_MODEL_NAME'],
    ASSISTANT_MODEL_API_KEY: env['ASSISTANT_MODEL_API_KEY'],
    ASSISTANT_MODEL_TIMEOUT_MS: env['ASSISTANT_MODEL_TIMEOUT_MS'],
  });
  if (!result.success) {
    // One problem per variable: its first (a bad URL is not also reported as a bad protocol).
    const problems = new Map<string, string>();
    for (const issue of result.issues) {
      const variable = v.getDotPath(issue) ?? 'ASSISTANT_MODEL';
      if (!problems.has(variable)) problems.set(variable, issue.message);
    }
    throw new CopilotConfigError([...problems].map(([variable, message]) => ({ variable, message })));
  }
  const {
    ASSISTANT_MODEL_URL: url,
    ASSISTANT_MODEL_NAME: model,
    ASSISTANT_MODEL_API_KEY: apiKey,
    ASSISTANT_MODEL_TIMEOUT_MS: timeout,
  } = result.output;
  if (url === undefined || model === undefined) return { model: null };
  return { model: { url, model, timeoutMs: timeout ?? DEFAULT_MODEL_TIMEOUT_MS, ...(apiKey ? { apiKey } : {}) } };
}
