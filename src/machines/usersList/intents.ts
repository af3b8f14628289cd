/**
 * What the Users screen can ask of the list (./usersListMachine.ts), named: the views call these and
 * never build the list's events themselves. Plain functions over the actor, so they work on any ref
 * of the list; a view keeps one set per ref with `useIntents` (src/views/shared/useIntents.ts).
 */
import type { BulkUpdateRequest, User, UserRoleFilter, UserSort, UserStatusFilter } from '../../contract/api';
import type { UsersListEmitted } from './types';
import type { UsersListActorRef } from './usersListMachine';

export function usersListIntents(ref: UsersListActorRef) {
  return {
    /** Typed into the search box (the list debounces it). */
    search: (search: string) => ref.send({ type: 'users.search', search }),
    filterStatus: (status: UserStatusFilter) => ref.send({ type: 'users.filterStatus', status }),
    filterRole: (role: UserRoleFilter) => ref.send({ type: 'users.filterRole', role }),
    /** A sortable header was clicked: the order it asks for. */
    sortBy: (sort: UserSort) => ref.send({ type: 'users.sort', sort }),
    goToPage: (page: number) => ref.send({ type: 'users.goToPage', page }),
    retry: () => ref.send({ type: 'users.retry' }),
    setLicense: (user: User, hasLicense: boolean) => ref.send({ type: 'users.setLicense', user, hasLicense }),
    setStatus: (user: User, isActive: boolean) => ref.send({ type: 'users.setStatus', user, isActive }),
    /** The toast's 'Undo': the change the list offered to reverse. */
    undo: (change: NonNullable<UsersListEmitted['undo']>) => ref.send(change),
    select: (userId: string, selected: boolean) => ref.send({ type: 'users.select', userId, selected }),
    selectAll: (selected: boolean) => ref.send({ type: 'users.selectAll', selected }),
    bulkUpdate: (userIds: string[], updates: BulkUpdateRequest['updates']) => ref.send({ type: 'users.bulkUpdate', userIds, updates }),
    /** 'Select all … members matching this view': a bulk change then names the filter, every page. */
    selectMatching: () => ref.send({ type: 'users.selectMatching' }),
    clearSelection: () => ref.send({ type: 'users.clearSelection' }),
    /** Yes to the question a bulk deactivation or licence removal asks first. */
    confirmBulk: () => ref.send({ type: 'users.confirmBulk' }),
    openAdd: () => ref.send({ type: 'users.openAdd' }),
    edit: (user: User) => ref.send({ type: 'users.edit', user }),
    /** Asks whether to delete the member (the delete dialog). */
    confirmDelete: (user: User) => ref.send({ type: 'users.confirmDelete', user }),
    /** Deletes the member the dialog asked about. */
    delete: () => ref.send({ type: 'users.delete' }),
    closeDialog: () => ref.send({ type: 'users.closeDialog' }),
    dismissError: () => ref.send({ type: 'users.dismissError' }),
    /** Export CSV: the members the filters and sort select. */
    export: () => ref.send({ type: 'users.export' }),
  };
}

export type UsersListIntents = ReturnType<typeof usersListIntents>;
