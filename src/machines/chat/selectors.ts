import type { ChatMessage, ChatSnapshot } from './chatMachine';

export const selectMessages = (snapshot: ChatSnapshot): ChatMessage[] => snapshot.context.messages;

/** True while a reply is awaited: the typing indicator shows and sending is blocked. */
export const selectIsAwaitingReply = (snapshot: ChatSnapshot): boolean => snapshot.hasTag('pending');

/** The question the latest failure bubble could not answer, offered back while idle; else null. */
export const selectFailedQuestion = (snapshot: ChatSnapshot): string | null => {
  if (!snapshot.matches('idle')) return null;
  const last = snapshot.context.messages.at(-1);
  return last?.failed ? (last.question ?? null) : null;
};

/** Why the last question was refused (e.g. 'Question must be at most 2,000 characters'), or null. */
export const selectInputError = (snapshot: ChatSnapshot): string | null => snapshot.context.inputError;

/** While a rate limit is waited out: the seconds the API asked to wait; else null. */
export const selectRateLimitWait = (snapshot: ChatSnapshot): number | null =>
  snapshot.matches('rateLimited') ? snapshot.context.retryAfterSeconds : null;

/** The question a rate limit refused, for the composer to show again; null once another is accepted. */
export const selectHeldQuestion = (snapshot: ChatSnapshot): string | null => snapshot.context.heldQuestion;
