/**
 * A language model behind an OpenAI-compatible chat-completions endpoint (ASSISTANT_MODEL_URL: a
 * self-hosted model server, or a hosted one), asked to read a question into the engine's intent by
 * one call of the `read_question` tool (tool.ts). Only the tool call's arguments are used, parsed
 * with the same valibot schemas and validated like the rule parser's intent; the model's own text
 * is never shown. A person it names is looked up in the caller's organisation like a typed name.
 *
 * Any failure (an HTTP error, a timeout, no tool call, arguments that fail validation) gives null,
 * and the rule parser reads the question instead: the answer still comes.
 */
import * as v from 'valibot';
import type { CopilotIntent } from '../../../src/contract/api';
import type { ModelConfig } from '../config';
import type { Clock } from '../time/windows';
import type { OrgWords, Parsed, Person } from '../understand';
import { validate } from '../understand/validate';
import { ModelReadingSchema, READ_QUESTION_TOOL, TOOL_NAME, systemPrompt, type ModelReading } from './tool';

export interface ModelContext {
  clock: Clock;
  previous?: CopilotIntent | undefined;
  org: OrgWords;
}

/** Reads a question into what the engine answers, or null when it cannot (the rule parser then does). */
export interface IntentModel {
  read(question: string, context: ModelContext): Promise<Parsed | null>;
}

const ChatCompletionSchema = v.object({
  choices: v.pipe(
    v.array(
      v.object({
        message: v.object({
          tool_calls: v.pipe(v.array(v.object({ function: v.object({ name: v.string(), arguments: v.string() }) })), v.minLength(1)),
        }),
      }),
    ),
    v.minLength(1),
  ),
});

/** The previous intent as the model sees it: a person by name, no ids. */
function forModel(previous: CopilotIntent | undefined): unknown {
  if (!previous) return null;
  const { person, ...filters } = previous.filters;
  return { ...previous, filters: { ...filters, ...(person ? { person: person.name } : {}) } };
}

/** The members a name the model gives is, as a typed name would be found (full name, else first or last name). */
async function personNamed(name: string, org: OrgWords): Promise<{ person: Person } | { problem: Parsed }> {
  const lower = name.toLowerCase().trim();
  const single = lower.includes(' ') ? [] : [lower];
  const rows = await org.lookupPeople({ names: [lower], firstNames: single, lastNames: single, emails: [] });
  const exact = rows.filter((r) => r.name.toLowerCase() === lower);
  const matches =
    exact.length > 0
      ? exact
      : rows.filter((r) => r.name.toLowerCase().startsWith(`${lower} `) || r.name.toLowerCase().endsWith(` ${lower}`));
  if (matches.length === 0) return { problem: { kind: 'unknownPerson', name } };
  if (new Set(matches.map((m) => m.name.toLowerCase())).size > 1)
    return { problem: { kind: 'ambiguousPerson', name, candidates: matches.slice(0, 10) } };
  return { person: { ids: matches.slice(0, 10).map((m) => m.id), name: matches[0]?.name ?? name } };
}

/** The model's reading as the engine's: the intent validated like the rule parser's, a person found by name. */
async function toParsed(reading: ModelReading, org: OrgWords, previous: CopilotIntent | undefined): Promise<Parsed | null> {
  switch (reading.kind) {
    case 'report':
      return reading.topic ? { kind: 'report', topic: reading.topic } : null;
    case 'decline':
      return reading.reason ? { kind: 'out', reason: reading.reason } : null;
    case 'search': {
      const terms = (reading.terms ?? []).map((t) => t.toLowerCase().replace(/[^a-z0-9]/g, '')).filter((t) => t.length >= 2);
      return terms.length > 0 ? { kind: 'search', terms, who: false } : null;
    }
    case 'records': {
      if (!reading.intent) return null;
      const { person: name, ...filters } = reading.intent.filters;
      let person: Person | undefined;
      if (name) {
        const found = await personNamed(name, org);
        if ('problem' in found) return found.problem;
        person = found.person;
      }
      const intent = validate({ ...reading.intent, filters: { ...filters, ...(person ? { person } : {}) } });
      return intent ? { kind: 'intent', intent, ignored: [], followUp: previous !== undefined } : null;
    }
  }
}

export function createIntentModel(config: ModelConfig, fetcher: typeof fetch = fetch): IntentModel {
  return {
    async read(question, { clock, previous, org }) {
      try {
        const response = await fetcher(config.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}) },
          body: JSON.stringify({
            model: config.model,
            temperature: 0,
            messages: [
              { role: 'system', content: systemPrompt(clock, forModel(previous)) },
              { role: 'user', content: question },
            ],
            tools: [READ_QUESTION_TOOL],
            tool_choice: { type: 'function', function: { name: TOOL_NAME } },
          }),
          signal: AbortSignal.timeout(config.timeoutMs),
        });
        if (!response.ok) return null;
        const completion = v.safeParse(ChatCompletionSchema, await response.json());
        const call = completion.success
          ? completion.output.choices[0]?.message.tool_calls.find((c) => c.function.name === TOOL_NAME)
          : undefined;
        if (!call) return null;
        const reading = v.safeParse(ModelReadingSchema, JSON.parse(call.function.arguments));
        return reading.success ? await toParsed(reading.output, org, previous) : null;
      } catch {
        // A timeout, a refused connection, a body that is not JSON: the rule parser answers.
        return null;
      }
    },
  };
}
