import { fromCallback } from 'xstate';
import type { Services } from '../../services';
import { ApiRequestError } from '../../services/api/errors';
import type { RowActionInput, RowActionResult } from './rows';

/** The request was cancelled (an AbortError): the list stopped the row actor. Anything may have been thrown, null included. */
function isAbort(error: unknown): boolean {
  return (error as { name?: unknown } | null | undefined)?.name === 'AbortError';
}

export function rowChangesImplementations(services: Pick<Services, 'api'>) {
  const { users } = services.api;
  return {
    actors: {
      /**
       * One licence or status change to the wanted value, or a restore; reports back, aborted if the list stops
       * first. A 409 (the change conflicts with the member as they are now) reads the member again,
       * so the row can show them as they are.
       */
      runRowAction: fromCallback<{ type: 'noop' }, RowActionInput>(({ input, sendBack }) => {
        const controller = new AbortController();
        const { signal } = controller;
        const { kind, user, value } = input;
        const change =
          kind === 'license'
            ? users.setLicense(user.userId, value, { signal })
            : kind === 'status'
              ? users.setStatus(user.userId, value, { signal })
              : users.restore(user.userId, { signal });
        const report = async (): Promise<RowActionResult> => {
          try {
            return { type: 'row.succeeded', kind, before: user, user: await change };
          } catch (error) {
            if (!(error instanceof ApiRequestError && error.status === 409)) throw error;
            try {
              return { type: 'row.conflicted', kind, user: await users.get(user.userId, { signal }), message: error.message };
            } catch (readError) {
              // Cancelled: what follows reports nothing (below), whatever the 409 was.
              if (isAbort(readError)) throw readError;
              throw error;
            }
          }
        };
        report().then(sendBack, (error: unknown) => {
          // A cancelled change is not a failure: nothing is sent back.
          if (isAbort(error)) return;
          const result: RowActionResult = { type: 'row.failed', kind, userId: user.userId, error };
          sendBack(result);
        });
        return () => controller.abort();
      }),
    },
  };
}
