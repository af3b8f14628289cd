import type { ChatMessage, ChatSnapshot } from './chatMachine';

export const selectMessages = (snapshot: ChatSnapshot): ChatMessage[] => snapshot.context.messages;

/** True while a reply is awaited: the typing indicator shows and sending is blocked. */
export const selectIsAwaitingReply = (snapshot: ChatSnapshot): boolean => snapshot.hasTag('pending');

/** The question the latest failure bubble could not answer, offered back while idle; else null. */
export const selectFailedQuestion = (snapshot: ChatSnapshot): string | null => {
  // Stryker disable next-line ConditionalExpression,StringLiteral: while a reply is awaited the last message is the question just asked, never a failure bubble, so the line below gives null too
  if (snapshot.hasTag('pending') || snapshot.matches('rateLimited')) return null;
  const last = snapshot.context.messages.at(-1);
  // Stryker disable next-line ConditionalExpression: every failure bubble carries its question (appendFailure runs in awaitingReply, where the question is always set); the test narrows the type
  return last?.failed && last.question !== undefined ? last.question : null;
};

/** Why the last question was refused (e.g. 'Question must be at most 2,000 characters'), or null. */
export const selectInputError = (snapshot: ChatSnapshot): string | null => snapshot.context.inputError;

/** While a rate limit is waited out: the seconds the API asked to wait; else null. */
export const selectRateLimitWait = (snapshot: ChatSnapshot): number | null =>
  snapshot.matches('rateLimited') ? snapshot.context.retryAfterSeconds : null;

/** The question a rate limit refused, for the composer to show again; null once another is accepted. */
export const selectHeldQuestion = (snapshot: ChatSnapshot): string | null => snapshot.context.heldQuestion;
