import { currentTimeZone } from '../../domain/dates';
import { fromAbortablePromise } from '../shared';
import type { Services } from '../../services';
import type { AskInput, ChatReply } from './chatMachine';

/** The chat machine needs the API only. */
export function chatImplementations(services: Pick<Services, 'api'>) {
  return {
    actors: {
      ask: fromAbortablePromise<ChatReply, AskInput>(async ({ input, signal }) => {
        // The console's time zone goes with every question: "today" is the administrator's.
        const reply = await services.api.copilot.ask(input.query, {
          signal,
          timeZone: currentTimeZone(),
          ...(input.previousIntent ? { previousIntent: input.previousIntent } : {}),
        });
        return {
          text: reply.text,
          sources: reply.sources,
          webSearchUsed: reply.webSearchUsed,
          ...(reply.intent ? { intent: reply.intent } : {}),
        };
      }),
    },
  };
}
