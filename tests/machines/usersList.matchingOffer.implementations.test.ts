// @vitest-environment node
/**
 * 'Select all … members matching this view' (selectMatchingOffer) while another view loads, actor
 * level, no rendering: the filter is already the new one, the page on screen still the old one.
 * Recently deleted offers nothing even before its first page arrives, and its rows, which no bulk
 * change can take, offer nothing while another view loads. Each page load is a promise the test
 * answers; the address bar reports the address at once.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { User, UserStats } from '../../src/contract/api';
import { selectMatchingOffer, usersListMachine, type LoadUsersInput, type UsersPage } from '../../src/machines/usersList';
import { makeUser } from '../views/users/fixtures';
import { pendingActor, settle } from './pending-actor';

const STATS: UserStats = { total: 60, active: 45, pending: 15, licensed: 20 };
const USERS: User[] = [makeUser(0), makeUser(1), makeUser(2)];
const DELETED: User[] = USERS.map((user) => ({ ...user, deletedAt: '2026-02-01T15:00:00.000Z' }));

function page(users: User[], total: number): UsersPage {
  return { list: { users, total, page: 1, limit: 25 }, stats: STATS };
}

/** The users screen opened at `/users${query}` with `shown` loaded; the next load is held. */
async function openLoaded(query: string, shown: UsersPage) {
  const load = pendingActor<UsersPage, LoadUsersInput>();
  const actor = createActor(
    usersListMachine.provide({
      actors: {
        loadUsers: load.logic,
        watchUrl: fromCallback(({ sendBack }) => {
          sendBack({ type: 'users.urlChanged', query });
        }),
      },
      actions: { writeUrl: () => undefined },
    }),
    { input: { pageSize: 25 } },
  );
  actor.start();
  load.last().resolve(shown);
  await settle();
  return actor;
}

describe("'Select all matching' while another view loads", () => {
  it('is not offered once Recently deleted is chosen, though the page shown is still the selected one', async () => {
    const actor = await openLoaded('', page(USERS, 60));
    actor.send({ type: 'users.selectAll', selected: true });
    expect(selectMatchingOffer(actor.getSnapshot())).toBe(60);
    actor.send({ type: 'users.filterStatus', status: 'deleted' });
    expect(actor.getSnapshot().matches({ list: { browsing: 'loading' } })).toBe(true);
    expect(selectMatchingOffer(actor.getSnapshot())).toBeNull();
    actor.stop();
  });

  it("is not offered for Recently deleted's rows while another view loads: none of them can be selected", async () => {
    const actor = await openLoaded('?status=deleted', page(DELETED, 30));
    expect(selectMatchingOffer(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'users.filterStatus', status: 'all' });
    expect(actor.getSnapshot().matches({ list: { browsing: 'loading' } })).toBe(true);
    expect(selectMatchingOffer(actor.getSnapshot())).toBeNull();
    actor.stop();
  });
});
