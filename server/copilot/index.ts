/**
 * The Assistant of the reference API: POST /api/copilot/ask answers from the caller's organisation
 * data only (no web search, no external model). The five quick-prompt topics get reports computed
 * with SQL; any other question gets a ranked full-text search over calls, tasks and members.
 */
import type { ServerModule } from '../core/module';
import { adminOf, parseBody } from '../core/module';
import { CopilotAskRequestSchema, type CopilotAskResponse } from '../../src/services/api/schemas';
import { TOPIC_ANSWERS } from './answers';
import { copilotSchemaSql } from './schema';
import { searchAnswer } from './search';
import { seedCopilot } from './seed';
import { detectTopic } from './topics';

export interface CopilotModuleOptions {
  clock?: () => Date;
}

export function createCopilotModule(options: CopilotModuleOptions = {}): ServerModule {
  const clock = options.clock ?? (() => new Date());
  return {
    name: 'copilot',
    schemaSql: copilotSchemaSql,
    register(app, { db }) {
      app.post('/api/copilot/ask', async (c) => {
        // The body's isAdmin flag is validated but grants nothing: the caller's membership decides.
        const { orgId } = adminOf(c);
        const { query } = await parseBody(c, CopilotAskRequestSchema);
        const topic = detectTopic(query);
        const answer = topic ? await TOPIC_ANSWERS[topic](db, orgId, clock()) : await searchAnswer(db, orgId, query);
        const body: CopilotAskResponse = { result: answer.result.text, sources: answer.sources, webSearchUsed: false };
        return c.json(body);
      });
    },
    seed: seedCopilot,
  };
}

export const copilotModule: ServerModule = createCopilotModule();

export { copilotSchemaSql } from './schema';
export { detectTopic, type Topic } from './topics';
