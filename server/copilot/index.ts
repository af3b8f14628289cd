/**
 * The Assistant of the reference API: POST /api/copilot/ask answers from the caller's organisation
 * data only (no web search). A question is understood as an intent (a subject, a measure, filters,
 * a grouping), by a language model when ASSISTANT_MODEL_URL is set (model/) and else by the rule
 * parser (understand/), and answered with parameterised SQL scoped to the organisation; the screens'
 * figures come from server/figures; free text is searched in call summaries and tasks; the five
 * quick prompts get their reports; anything else is declined plainly. See docs/ASSISTANT.md.
 *
 * Extensions of SPEC §7: the question may carry the administrator's IANA `timeZone` ("today" is
 * theirs); the answer carries the `intent` it computed, which the console sends back as
 * `previousIntent` with the next question, so follow-ups refine it; sources may carry a `link` to
 * the console screen that shows the same rows.
 */
import type { ServerModule } from '../core/module';
import { adminOf, parseBody, handle } from '../core/module';
import { type CopilotAskResponse } from '../../src/contract/api';
import { readCopilotConfig, type CopilotConfig } from './config';
import { answerQuestion } from './engine';
import { createIntentModel, type IntentModel } from './model/client';
import { seedCopilot } from './seed';
import { canonicalZone, DEFAULT_TIME_ZONE } from './time/zone';
import { assistantRoutes } from '../../src/contract/routes/assistant';

export interface CopilotModuleOptions {
  clock?: () => Date;
  /** The Assistant's settings; read from the environment (config.ts) when the module is registered if not given. */
  config?: CopilotConfig;
  /** The HTTP client the model is called with (a test's endpoint double); `fetch` by default. */
  fetch?: typeof fetch;
}

export function createCopilotModule(options: CopilotModuleOptions = {}): ServerModule {
  const clock = options.clock ?? (() => new Date());
  return {
    name: 'copilot',
    register(app, { db }) {
      // A bad variable stops the API here, at start-up, with every bad one named.
      const config = options.config ?? readCopilotConfig(process.env);
      const model: IntentModel | null = config.model ? createIntentModel(config.model, options.fetch) : null;
      handle(app, assistantRoutes.ask, async (c) => {
        // The body's isAdmin flag is validated but grants nothing: the caller's membership decides.
        const { orgId } = adminOf(c);
        const { query, previousIntent, timeZone } = await parseBody(c, assistantRoutes.ask.body);
        const zone = canonicalZone(timeZone ?? DEFAULT_TIME_ZONE);
        const answer = await answerQuestion(db, orgId, query, previousIntent, { now: clock(), zone }, { model });
        const body: CopilotAskResponse = {
          result: answer.result.text,
          sources: answer.sources,
          webSearchUsed: false,
          ...(answer.intent ? { intent: answer.intent } : {}),
        };
        return c.json(body);
      });
    },
    seed: seedCopilot,
  };
}

export const copilotModule: ServerModule = createCopilotModule();

export { answerQuestion } from './engine';
export { readCopilotConfig, CopilotConfigError, type CopilotConfig, type ModelConfig } from './config';
