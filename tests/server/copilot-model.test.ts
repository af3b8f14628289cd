// @vitest-environment node
/**
 * A model where a team has one (issue 40, item 6). The model endpoint is a boundary we do not own:
 * here it is a scripted double, a real HTTP server on 127.0.0.1 that speaks the chat-completions
 * protocol (an OpenAI-compatible server such as vLLM, llama.cpp's or Ollama's) and answers what each
 * test scripts. Everything else is real: the API, its database, the engine.
 *
 * - The question goes to the model as one tool call whose JSON schema is generated from the
 *   valibot intent schema; the engine runs the intent, and every figure comes from the data.
 * - An HTTP error, a timeout, no tool call or an intent that fails validation falls back to the
 *   rule parser: the answer still comes.
 * - Without ASSISTANT_MODEL_URL nothing changes and no request leaves the API.
 * - The settings are parsed with valibot, every bad variable named.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toJsonSchema } from '@valibot/to-json-schema';
import { CopilotConfigError, readCopilotConfig } from '../../server/copilot';
import { ModelReadingSchema } from '../../server/copilot/model/tool';
import { createCopilotHarness, type CopilotHarness } from './copilot-harness';

interface ChatRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  tools: Array<{ type: string; function: { name: string; parameters: unknown } }>;
  tool_choice: unknown;
}

/** The endpoint double: records each request, answers with the script's reply (or never, for a timeout). */
class ModelDouble {
  readonly requests: Array<{ body: ChatRequest; authorization: string | undefined }> = [];
  reply: (request: ChatRequest) => { status: number; body: unknown } | 'hang' = () => ({ status: 500, body: {} });
  private readonly hanging: ServerResponse[] = [];
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        const body = JSON.parse(text) as ChatRequest;
        this.requests.push({ body, authorization: req.headers.authorization });
        const reply = this.reply(body);
        if (reply === 'hang') {
          this.hanging.push(res);
          return;
        }
        res.writeHead(reply.status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}/v1/chat/completions`;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

/** A chat-completions answer with one call of the tool, and some text of the model's own (never shown). */
const toolCall = (args: unknown, content = 'There are 9,999 pending members.') => ({
  status: 200,
  body: {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    choices: [
      {
        index: 0,
        finish_reason: 'tool_calls',
        message: {
          role: 'assistant',
          content,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'read_question', arguments: JSON.stringify(args) } }],
        },
      },
    ],
  },
});

const model = new ModelDouble();
let h: CopilotHarness;

beforeAll(async () => {
  await model.start();
  h = await createCopilotHarness({
    users: 60,
    copilot: { config: { model: { url: model.url, model: 'crew-model', timeoutMs: 400, apiKey: 'sk-test-secret' } } },
  });
}, 180_000);

afterAll(async () => {
  await h?.close();
  await model.stop();
});

afterEach(() => {
  model.requests.length = 0;
});

async function count(sql: string): Promise<number> {
  const { rows } = await h.db.query<{ n: number }>(sql, [h.orgId]);
  return Number(rows[0]?.n);
}

const firstLine = (text: string) => text.split('\n')[0] ?? '';

describe('with ASSISTANT_MODEL_URL', () => {
  it('asks the model for one tool call whose schema is generated from the intent schema', async () => {
    model.reply = () => toolCall({ kind: 'records', intent: { subject: 'members', measure: 'count', filters: { status: 'pending' } } });
    await h.ask('how many crew have not activated', undefined, 'America/Los_Angeles');
    expect(model.requests).toHaveLength(1);
    const { body, authorization } = model.requests[0] ?? { body: null, authorization: undefined };
    expect(authorization).toBe('Bearer sk-test-secret');
    expect(body?.model).toBe('crew-model');
    expect(body?.tools).toHaveLength(1);
    expect(body?.tools[0]?.function.name).toBe('read_question');
    expect(body?.tools[0]?.function.parameters).toEqual(toJsonSchema(ModelReadingSchema, { errorMode: 'ignore' }));
    expect(body?.tool_choice).toEqual({ type: 'function', function: { name: 'read_question' } });
    expect(body?.messages.at(-1)).toEqual({ role: 'user', content: 'how many crew have not activated' });
    expect(body?.messages[0]?.content).toContain(
      "Today is Wed, Jun 11, 2025 (2025-06-11) in the administrator's time zone, America/Los_Angeles.",
    );
  });

  it("runs the model's intent: the figures come from the data, never from the model's text", async () => {
    model.reply = () => toolCall({ kind: 'records', intent: { subject: 'members', measure: 'count', filters: { status: 'pending' } } });
    const answer = await h.ask('how many crew have not activated');
    const pending = await count('SELECT count(*)::int AS n FROM members WHERE org_id = $1 AND NOT is_active');
    expect(firstLine(answer.text)).toBe(
      `${pending} members are pending activation (of ${await count('SELECT count(*)::int AS n FROM members WHERE org_id = $1')}).`,
    );
    expect(answer.text).not.toContain('9,999');
    expect(answer.intent).toEqual({ subject: 'members', measure: 'count', filters: { status: 'pending' } });
  });

  it('finds a member the model names in the organisation, as a typed name', async () => {
    const { rows } = await h.db.query<{ id: string; name: string }>(
      'SELECT id, name FROM members WHERE org_id = $1 AND name IN (SELECT name FROM members WHERE org_id = $1 GROUP BY name HAVING count(*) = 1) ORDER BY id LIMIT 1',
      [h.orgId],
    );
    const member = rows[0] ?? { id: '', name: '' };
    model.reply = () =>
      toolCall({ kind: 'records', intent: { subject: 'members', measure: 'list', fields: ['role'], filters: { person: member.name } } });
    const answer = await h.ask(`what does ${member.name.split(' ')[0]} do here`);
    expect(answer.text).toMatch(new RegExp(`^${member.name} is an? `));
    expect(answer.intent?.filters.person).toEqual({ ids: [member.id], name: member.name });
  });

  it('falls back to the rule parser on an HTTP error, a timeout, no tool call or an intent that fails validation', async () => {
    const pending = await count('SELECT count(*)::int AS n FROM members WHERE org_id = $1 AND NOT is_active');
    const failures: Array<[string, typeof model.reply]> = [
      ['an HTTP error', () => ({ status: 503, body: { error: 'overloaded' } })],
      ['a timeout', () => 'hang'],
      [
        'no tool call',
        () => ({ status: 200, body: { choices: [{ message: { role: 'assistant', content: `${pending + 1} are pending` } }] } }),
      ],
      [
        'an intent that fails validation',
        () => toolCall({ kind: 'records', intent: { subject: 'weather', measure: 'count', filters: {} } }),
      ],
      [
        'a window date that is no date',
        () =>
          toolCall({
            kind: 'records',
            intent: { subject: 'calls', measure: 'count', filters: { window: { kind: 'since', date: '2025-13-01' } } },
          }),
      ],
      [
        'arguments that are not JSON',
        () => ({
          status: 200,
          body: { choices: [{ message: { tool_calls: [{ function: { name: 'read_question', arguments: '{not json' } }] } }] },
        }),
      ],
    ];
    for (const [failure, reply] of failures) {
      model.reply = reply;
      const answer = await h.ask('how many users are pending?');
      expect(firstLine(answer.text), failure).toMatch(new RegExp(`^${pending} members are pending activation`));
    }
    expect(model.requests).toHaveLength(failures.length);
  });
});

describe('without ASSISTANT_MODEL_URL', () => {
  it('changes nothing and sends no request out of the API', async () => {
    const plain = await createCopilotHarness({ users: 20, copilot: { config: readCopilotConfig({}) } });
    const outbound = vi.spyOn(globalThis, 'fetch');
    try {
      const answer = await plain.ask('how many users are pending?');
      expect(firstLine(answer.text)).toMatch(/^\d+ members are pending activation/);
      expect(outbound).not.toHaveBeenCalled();
      expect(model.requests).toHaveLength(0);
    } finally {
      outbound.mockRestore();
      await plain.close();
    }
  }, 180_000);

  it('reads the settings from the environment when the API starts', async () => {
    vi.stubEnv('ASSISTANT_MODEL_URL', model.url);
    vi.stubEnv('ASSISTANT_MODEL_NAME', 'env-model');
    model.reply = () => toolCall({ kind: 'decline', reason: 'weather' });
    const fromEnv = await createCopilotHarness({ users: 20, copilot: {} });
    try {
      const answer = await fromEnv.ask('anything good on today?');
      expect(model.requests.map((r) => r.body.model)).toEqual(['env-model']);
      expect(answer.text).toMatch(/^I can't tell you the weather/);
    } finally {
      vi.unstubAllEnvs();
      await fromEnv.close();
    }
  }, 180_000);
});

describe('the settings (server/copilot/config.ts)', () => {
  it('are no model when ASSISTANT_MODEL_URL is unset or empty, and a 3 s timeout by default', () => {
    expect(readCopilotConfig({})).toEqual({ model: null });
    expect(readCopilotConfig({ ASSISTANT_MODEL_URL: ' ', ASSISTANT_MODEL_NAME: 'x' })).toEqual({ model: null });
    expect(
      readCopilotConfig({ ASSISTANT_MODEL_URL: 'https://models.internal/v1/chat/completions', ASSISTANT_MODEL_NAME: 'llama' }),
    ).toEqual({
      model: { url: 'https://models.internal/v1/chat/completions', model: 'llama', timeoutMs: 3000 },
    });
    expect(
      readCopilotConfig({
        ASSISTANT_MODEL_URL: 'http://127.0.0.1:8000/v1/chat/completions',
        ASSISTANT_MODEL_NAME: 'qwen',
        ASSISTANT_MODEL_TIMEOUT_MS: '1500',
      }).model?.timeoutMs,
    ).toBe(1500);
  });

  it('name every bad variable at once', () => {
    const read = (env: Record<string, string>) => {
      try {
        readCopilotConfig(env);
        return [];
      } catch (error) {
        expect(error).toBeInstanceOf(CopilotConfigError);
        return (error as CopilotConfigError).variables;
      }
    };
    expect(read({ ASSISTANT_MODEL_URL: 'not a url', ASSISTANT_MODEL_NAME: 'x', ASSISTANT_MODEL_TIMEOUT_MS: 'soon' })).toEqual([
      'ASSISTANT_MODEL_URL',
      'ASSISTANT_MODEL_TIMEOUT_MS',
    ]);
    expect(read({ ASSISTANT_MODEL_URL: 'ftp://models.internal/chat', ASSISTANT_MODEL_NAME: 'x' })).toEqual(['ASSISTANT_MODEL_URL']);
    expect(read({ ASSISTANT_MODEL_URL: 'http://127.0.0.1:8000/v1/chat/completions' })).toEqual(['ASSISTANT_MODEL_NAME']);
    expect(read({ ASSISTANT_MODEL_TIMEOUT_MS: '10' })).toEqual(['ASSISTANT_MODEL_TIMEOUT_MS']);
    expect(() => readCopilotConfig({ ASSISTANT_MODEL_URL: 'nope', ASSISTANT_MODEL_NAME: 'x' })).toThrow(
      /ASSISTANT_MODEL_URL must be a URL such as http:\/\/127\.0\.0\.1:8000\/v1\/chat\/completions/,
    );
  });
});
