/** The Assistant's route (SPEC §7, docs/ASSISTANT.md). */
import { CopilotAskRequestSchema, CopilotAskResponseSchema } from '../assistant';
import { defineRoutes } from './route';

export const assistantRoutes = defineRoutes({
  ask: {
    operation: 'copilot.ask',
    method: 'POST',
    path: '/api/copilot/ask',
    summary: "Answers a question about the organisation's members, activity, calls and tasks.",
    specifiedIn: 'SPEC §7 (intent and timeZone: docs/ASSISTANT.md)',
    body: CopilotAskRequestSchema,
    response: CopilotAskResponseSchema,
  },
});
