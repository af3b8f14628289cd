/**
 * The Assistant's call (SPEC §7 /api/copilot/ask, docs/ASSISTANT.md): a question, and the answer
 * as the console shows it. One file per area, like the route table (src/contract/routes/assistant.ts);
 * ./index.ts gathers them.
 */
import { type CopilotIntent, type Source } from '../../contract/api';
import { assistantRoutes } from '../../contract/routes/assistant';
import type { ApiClient, CallOptions } from './client';
import { routeCalls } from './routeSpec';

export interface AssistantAnswer {
  readonly text: string;
  readonly sources: Source[];
  readonly webSearchUsed: boolean;
  /** What the API understood the question as (an extension of SPEC §7), to send back with a follow-up. */
  readonly intent?: CopilotIntent;
}

export interface AskOptions extends CallOptions {
  /** The previous answer's `intent`: the question is a follow-up to it. */
  readonly previousIntent?: CopilotIntent;
  /** The administrator's IANA time zone: "today" and the times in the answer are theirs. */
  readonly timeZone?: string;
}

export function createAssistantCalls(client: ApiClient) {
  const { send } = routeCalls(client);
  return {
    ask: async (query: string, opts?: AskOptions): Promise<AssistantAnswer> => {
      const json = {
        query,
        isAdmin: true,
        ...(opts?.previousIntent ? { previousIntent: opts.previousIntent } : {}),
        ...(opts?.timeZone ? { timeZone: opts.timeZone } : {}),
      };
      const answer = await send(assistantRoutes.ask, { json }, opts);
      return {
        text: typeof answer.result === 'string' ? answer.result : answer.result.result,
        sources: answer.sources,
        webSearchUsed: answer.webSearchUsed,
        ...(answer.intent ? { intent: answer.intent } : {}),
      };
    },
  };
}
