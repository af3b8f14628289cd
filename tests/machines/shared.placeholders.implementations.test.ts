// @vitest-environment node
/**
 * The placeholders a machine declares until its implementations are provided
 * (src/machines/shared.ts): each fails naming what is missing, so a developer wiring a screen
 * reads which actor or action to provide.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { placeholderAction, placeholderActor } from '../../src/machines/shared';

describe('an implementation nobody provided', () => {
  it('an action throws, naming the action', () => {
    const openHostedPage = placeholderAction<{ url: string }>('openHostedPage');
    expect(() => openHostedPage({}, { url: 'https://billing.example.com' })).toThrow(
      new Error('The "openHostedPage" action is not provided'),
    );
  });

  it('an actor fails, naming the actor', async () => {
    const actor = createActor(placeholderActor<string>('loadUserBilling'));
    const failed = new Promise<unknown>((resolve) => actor.subscribe({ error: resolve }));
    actor.start();
    expect(await failed).toEqual(new Error('The "loadUserBilling" actor is not provided'));
  });
});
