/**
 * The one tool a language model is given: `read_question`, whose arguments say what the question
 * asks for: records (the engine's intent, CopilotModelIntentSchema, with a person named rather
 * than identified), one of the quick prompts' reports, words to search, or a question the data
 * cannot answer. Its JSON schema is generated from these valibot schemas, and the arguments the
 * model sends back are parsed with them: a schema cannot drift from what the engine checks.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { CopilotModelIntentSchema } from '../../../src/contract/api';
import type { Clock } from '../time/windows';
import { dayIn } from '../time/zone';
import { dayName } from '../answer/format';

const TOPICS = ['user_activity', 'call_analytics', 'task_overview', 'weekly_report', 'organization_insights'] as const;
const DECLINED = ['weather', 'creative', 'general', 'company'] as const;

export const ModelReadingSchema = v.object({
  kind: v.pipe(
    v.picklist(['records', 'report', 'search', 'decline']),
    v.description(
      'records: figures or records of the organisation (fill intent); report: one of the five reports (fill topic); search: free text about the work in call summaries and tasks (fill terms); decline: anything the organisation data cannot answer (fill reason).',
    ),
  ),
  intent: v.optional(CopilotModelIntentSchema),
  topic: v.optional(v.picklist(TOPICS)),
  terms: v.optional(v.pipe(v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(50))), v.minLength(1), v.maxLength(12))),
  reason: v.optional(v.picklist(DECLINED)),
});
export type ModelReading = v.InferOutput<typeof ModelReadingSchema>;

export const TOOL_NAME = 'read_question';

/** The tool, in the chat-completions `tools` format, its parameters generated from the schema above. */
export const READ_QUESTION_TOOL = {
  type: 'function',
  function: {
    name: TOOL_NAME,
    description: "Records what an administrator's question asks of their organisation's data. Never answers it.",
    // Custom checks (no control characters, lengths of names) have no JSON Schema form; the API checks them on the way back.
    parameters: toJsonSchema(ModelReadingSchema, { errorMode: 'ignore' }),
  },
} as const;

/** What the model is told: its one job, the words of the screens, and today's date where the administrator is. */
export function systemPrompt(clock: Clock, previous: unknown): string {
  const today = dayIn(clock.now, clock.zone);
  return [
    'You read questions that the administrator of a construction company asks about their own organisation in the Hardline admin console.',
    `Call ${TOOL_NAME} exactly once with what the question asks for. Do not answer it: the figures are computed from the data afterwards.`,
    'Members are the console users (roles: Field Worker, Supervisor, Project Manager, Admin; active or pending; licensed or not).',
    'Access levels are pro, lite, trial and free ("pro users", "on a trial"). Subscribed users have a live subscription.',
    'Unpaid invoices are open or uncollectible. Calls have a site, a caller, a duration, a sentiment and an outcome; tasks come from calls.',
    `Today is ${dayName(today)}, ${today.slice(0, 4)} (${today}) in the administrator's time zone, ${clock.zone}. Use relative windows (today, this_week...) when you can.`,
    previous
      ? `The previous question was understood as ${JSON.stringify(previous)}; a follow-up ("which of them...", "and last week?") refines it: return the whole intent.`
      : 'There is no previous question.',
  ].join('\n');
}
