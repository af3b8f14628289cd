// @vitest-environment node
/**
 * One bulk change of the users list (src/machines/bulkChange/bulkChangeMachine.ts): what it holds
 * while the change is on its way, and what it ends with when the server answers without the ids
 * it changed, or fails. Actor level: the bulk update is a promise the test settles.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { BulkUpdateResponse } from '../../src/contract/api';
import { bulkChangeMachine } from '../../src/machines/bulkChange';
import type { BulkRequest } from '../../src/machines/usersList/bulk';
import { pendingActor, settle } from './pending-actor';

const LICENCES: BulkRequest = { userIds: ['u1', 'u2', 'u3'], updates: { hasLicense: true } };

function startChange() {
  const bulk = pendingActor<BulkUpdateResponse, BulkRequest>();
  const actor = createActor(bulkChangeMachine.provide({ actors: { bulkUpdate: bulk.logic } }), { input: LICENCES }).start();
  return { actor, bulk };
}

describe('a bulk change', () => {
  it('sends the change and, until the server answers, has updated no one', () => {
    const { actor, bulk } = startChange();
    expect(bulk.last().input).toEqual(LICENCES);
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(actor.getSnapshot().context.outcome).toEqual({ updated: 0, changedIds: [], failure: null });
  });

  it('an answer without the ids it changed ends with the count and no ids', async () => {
    const { actor, bulk } = startChange();
    bulk.last().resolve({ updated: 3 });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ updated: 3, changedIds: [], failure: null });
  });

  it('an answer with the ids ends with them', async () => {
    const { actor, bulk } = startChange();
    bulk.last().resolve({ updated: 2, changedIds: ['u1', 'u3'] });
    await settle();
    expect(actor.getSnapshot().output).toEqual({ updated: 2, changedIds: ['u1', 'u3'], failure: null });
  });

  it('a failure ends with its message and no one updated', async () => {
    const { actor, bulk } = startChange();
    bulk.last().reject(new Error('Organization not found'));
    await settle();
    expect(actor.getSnapshot().output).toEqual({ updated: 0, changedIds: [], failure: 'Organization not found' });
  });
});
