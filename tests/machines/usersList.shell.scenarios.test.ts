// @vitest-environment node
/**
 * User Management as the build draws it into users.html (src/prerender.tsx): the list's machine in its
 * first state, not started (a machine's actor starts in an effect, which server rendering does not
 * run). What the shell shows there is what the list's selectors say of that state.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { selectIsFirstLoad, selectUsers, usersListMachine } from '../../src/machines/usersList';

describe('the users list before it has its address', () => {
  it('shows placeholders, not "No users found": the state the prerendered shell draws', () => {
    const notStarted = createActor(usersListMachine, { input: { pageSize: 25 } }).getSnapshot();
    expect(notStarted.matches({ list: 'opening' })).toBe(true);
    expect(selectIsFirstLoad(notStarted)).toBe(true);
    expect(selectUsers(notStarted)).toEqual([]);
  });
});
