/**
 * The Assistant of the reference API: POST /api/copilot/ask answers from the caller's organisation
 * data only (no web search, no external model). A question is parsed into an intent (a subject, a
 * measure, filters, a grouping) and answered with parameterised SQL scoped to the organisation;
 * free text is searched in call summaries and tasks; the five quick prompts get their reports;
 * anything else is declined plainly. See README.md (the Assistant) and engine.ts.
 *
 * An extension of SPEC §7: the answer carries the `intent` it computed, and the console sends it
 * back as `previousIntent` with the next question, so follow-ups refine it.
 */
import type { ServerModule } from '../core/module';
import { adminOf, parseBody } from '../core/module';
import { CopilotAskRequestSchema, type CopilotAskResponse } from '../../src/contract/api';
import { answerQuestion } from './engine';
import { seedCopilot } from './seed';

export interface CopilotModuleOptions {
  clock?: () => Date;
}

export function createCopilotModule(options: CopilotModuleOptions = {}): ServerModule {
  const clock = options.clock ?? (() => new Date());
  return {
    name: 'copilot',
    register(app, { db }) {
      app.post('/api/copilot/ask', async (c) => {
        // The body's isAdmin flag is validated but grants nothing: the caller's membership decides.
        const { orgId } = adminOf(c);
        const { query, previousIntent } = await parseBody(c, CopilotAskRequestSchema);
        const answer = await answerQuestion(db, orgId, query, previousIntent, clock());
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
