import { Alert, Box, Button, ButtonGroup, CloseButton, Flex, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Download, UserPlus } from 'lucide-react';
import { memo, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import {
  USERS_ERROR_TITLE,
  selectActionError,
  selectAddUserRef,
  selectBulkToConfirm,
  selectRowChangesRef,
  selectInvitationRef,
  selectDeleteError,
  selectDeleteTarget,
  selectEditUserRef,
  selectCanBulkUpdate,
  selectIsDeleting,
  selectIsExporting,
  selectIsFirstLoad,
  selectIsRefreshing,
  selectLoadError,
  selectPageSize,
  selectSelected,
  selectSort,
  selectStats,
  selectUsers,
  ROLES,
  type Role,
  type UsersListActorRef,
  usersListIntents,
} from '../../machines/usersList';
import { rowChangesIntents, selectRowsBusy, selectRowsWanted } from '../../machines/rowChanges';
import type { UserStats } from '../../contract/api';
import { useScreenActor } from '../app/machinesContext';
import { StatCard } from '../shared/StatCard';
import { ErrorBox } from '../shared/ErrorBox';
import { toaster } from '../shared/toaster';
import { AddUserDialog } from './AddUserDialog';
import { DeleteUserDialog } from './DeleteUserDialog';
import { RevokeInvitationDialog } from './InvitationParts';
import { invitationIntents, selectResendingUserId } from '../../machines/invitation';
import { EditUserDialog } from './EditUserDialog';
import { UsersTable } from './UsersTable';
import { Filters } from './UsersFilters';
import { createBusyMark, type BusyMark } from './busyMark';
import { BulkConfirmDialog } from './BulkConfirmDialog';
import { SelectAllMatching, SelectedCount } from './SelectAllMatching';
import { UsersSections } from './UsersSections';
import { UsersPagination } from './UsersPagination';
import { ImportButton, ImportStatus } from './ImportParts';
import { formatCount } from '../../domain/intl';
import { useIntents } from '../shared/useIntents';

const NO_ROWS: string[] = [];
const NOTHING_WANTED: Readonly<Record<string, boolean>> = {};

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

// The parts of the screen are memoised: a new page of users re-renders the table, not the
// filters, the figures or the dialogs (each reads its own state from the actor).
const QuickStats = memo(function QuickStats({ stats }: { stats: UserStats | null }) {
  const items: Array<[string, keyof UserStats]> = [
    ['Total', 'total'],
    ['Active', 'active'],
    ['Pending', 'pending'],
    ['Licensed', 'licensed'],
  ];
  return (
    <Box as="section" aria-label="Quick Stats">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        {items.map(([label, key]) => (
          <StatCard key={key} label={label} loading={stats === null} value={stats === null ? '—' : formatCount(stats[key])} />
        ))}
      </SimpleGrid>
    </Box>
  );
});

const BulkActions = memo(function BulkActions({ actor }: { actor: UsersListActorRef }) {
  const ref = actor;
  const selected = useSelector(ref, selectSelected);
  const blocked = !useSelector(ref, selectCanBulkUpdate);
  const { bulkUpdate } = useIntents(usersListIntents, ref);
  if (selected.length === 0) return null;
  const bulk = (updates: { hasLicense?: boolean; isActive?: boolean; role?: Role }) => bulkUpdate(selected, updates);
  return (
    <Flex
      role="region"
      aria-label="Bulk actions"
      gap="2"
      wrap="wrap"
      align="center"
      p="3"
      borderWidth="1px"
      borderRadius="lg"
      bg="brand.subtle"
    >
      <SelectedCount actor={ref} />
      <ButtonGroup size="sm" variant="outline" flexWrap="wrap">
        <Button disabled={blocked} onClick={() => bulk({ hasLicense: true })}>
          Grant license
        </Button>
        <Button disabled={blocked} onClick={() => bulk({ hasLicense: false })}>
          Remove license
        </Button>
        <Button disabled={blocked} onClick={() => bulk({ isActive: true })}>
          Activate
        </Button>
        <Button disabled={blocked} onClick={() => bulk({ isActive: false })}>
          Deactivate
        </Button>
      </ButtonGroup>
      <NativeSelect.Root size="sm" width="48" disabled={blocked}>
        <NativeSelect.Field
          aria-label="Change role of selected users"
          value=""
          onChange={(e) => {
            const value = e.currentTarget.value;
            if (isRole(value)) bulk({ role: value });
          }}
        >
          <option value="">Change role…</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <SelectAllMatching actor={ref} disabled={blocked} />
    </Flex>
  );
});

/** Export CSV: the members the filters and sort select, every page; busy while the link is prepared. */
const ExportButton = memo(function ExportButton({ actor }: { actor: UsersListActorRef }) {
  const exporting = useSelector(actor, selectIsExporting);
  const intents = useIntents(usersListIntents, actor);
  return (
    <Button variant="outline" loading={exporting} loadingText="Preparing export…" onClick={intents.export}>
      <Download aria-hidden /> Export CSV
    </Button>
  );
});

/** Marks the members view busy from the list's state (busyMark.ts); renders nothing. */
function BusyState({ actor, mark }: { actor: UsersListActorRef; mark: BusyMark }) {
  const firstLoad = useSelector(actor, selectIsFirstLoad);
  const refreshing = useSelector(actor, selectIsRefreshing);
  useLayoutEffect(() => mark.set({ firstLoad, refreshing }), [mark, firstLoad, refreshing]);
  return null;
}

const Dialogs = memo(function Dialogs({ actor }: { actor: UsersListActorRef }) {
  const ref = actor;
  const addRef = useSelector(ref, selectAddUserRef);
  const editRef = useSelector(ref, selectEditUserRef);
  const deleteTarget = useSelector(ref, selectDeleteTarget);
  const deleting = useSelector(ref, selectIsDeleting);
  const deleteError = useSelector(ref, selectDeleteError);
  const bulkToConfirm = useSelector(ref, selectBulkToConfirm);
  const intents = useIntents(usersListIntents, ref);
  const close = intents.closeDialog;
  return (
    <>
      {addRef ? <AddUserDialog actorRef={addRef} onClose={close} /> : null}
      {editRef ? <EditUserDialog actorRef={editRef} onClose={close} /> : null}
      {deleteTarget ? (
        <DeleteUserDialog user={deleteTarget} deleting={deleting} error={deleteError} onConfirm={intents.delete} onCancel={close} />
      ) : null}
      {bulkToConfirm ? <BulkConfirmDialog request={bulkToConfirm} onConfirm={intents.confirmBulk} onCancel={close} /> : null}
    </>
  );
});

/**
 * The screen's head: its sections, the Quick Stats, the filters and the actions. It does not depend
 * on the page of members, so a search or a new page re-renders the table under it, not its Chakra
 * components.
 */
const UsersHead = memo(function UsersHead({ actor }: { actor: UsersListActorRef }) {
  const ref = actor;
  const stats = useSelector(ref, selectStats);
  const { openAdd } = useIntents(usersListIntents, ref);
  return (
    <>
      <UsersSections current="members" />
      <QuickStats stats={stats} />
      <Flex justify="space-between" align="flex-end" gap="3" wrap="wrap">
        {/* At least 480 px wide (the search, Status and Role side by side), else a line of its own. */}
        <Box flex="1 1 480px" minWidth="0">
          <Filters actor={ref} />
        </Box>
        <Flex gap="3" wrap="wrap">
          <ExportButton actor={ref} />
          <ImportButton actor={ref} />
          <Button colorPalette="brand" onClick={openAdd}>
            <UserPlus aria-hidden /> Add User
          </Button>
        </Flex>
      </Flex>
    </>
  );
});

/**
 * Placeholder rows (or cards) while the first page is on its way: more than a desk's window or a
 * phone's screen shows (the pager under them stays out of sight, so nothing in view moves when the
 * page's 25 rows replace them), and no more: each is elements the phone lays out, in the page's
 * prerendered shell and again in its first render.
 */
const FIRST_LOAD_PLACEHOLDERS = 10;

/** User Management (SPEC §2 Users screen). */
export function UsersScreen() {
  const ref: UsersListActorRef = useScreenActor('usersList');
  const users = useSelector(ref, selectUsers);
  const firstLoad = useSelector(ref, selectIsFirstLoad);
  // Busy and dimmed while a newer page is on its way: written onto the view's element by BusyState
  // below, not given to it, so that a search's loading state does not render the table again.
  const [busyMark] = useState(() => createBusyMark({ firstLoad: true, refreshing: false }));
  const loadError = useSelector(ref, selectLoadError);
  const actionError = useSelector(ref, selectActionError);
  const selected = useSelector(ref, selectSelected);
  // Row changes in flight live in their own child (../../machines/rowChanges): read from it.
  const rowChanges = useSelector(ref, selectRowChangesRef);
  const busy = useSelector(rowChanges, (s) => (s ? selectRowsBusy(s) : NO_ROWS));
  const wanted = useSelector(rowChanges, (s) => (s ? selectRowsWanted(s) : NOTHING_WANTED));
  // Resend and Revoke invitation go to the list's invitations child (../../machines/invitation).
  const invitationRef = useSelector(ref, selectInvitationRef);
  const invitation = useIntents(invitationIntents, invitationRef);
  const invitationBusy = useSelector(invitationRef, (s) => s?.hasTag('pending') ?? false);
  const resending = useSelector(invitationRef, (s) => (s ? selectResendingUserId(s) : null));
  const inFlight = useMemo(() => ({ busy, wanted, invitation: invitationBusy, resending }), [busy, wanted, invitationBusy, resending]);
  const pageSize = useSelector(ref, selectPageSize);
  const sort = useSelector(ref, selectSort);
  const intents = useIntents(usersListIntents, ref);
  const rowIntents = useIntents(rowChangesIntents, rowChanges);

  useEffect(() => {
    const subscription = ref.on('users.notice', (notice) => {
      const { undo } = notice;
      toaster.create({
        type: notice.tone,
        title: notice.message,
        ...(notice.detail ? { description: notice.detail } : {}),
        // A toast with 'Undo' stays a little longer, to give time to reach it; a bulk change's
        // longer still, to look through the pages it changed first.
        ...(undo
          ? { action: { label: 'Undo', onClick: () => intents.undo(undo) }, duration: undo.type === 'users.undoBulk' ? 30_000 : 8000 }
          : {}),
      });
    });
    return () => subscription.unsubscribe();
  }, [ref, intents]);

  return (
    <Stack gap="5">
      <UsersHead actor={ref} />
      <ImportStatus actor={ref} />
      {actionError !== null ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{actionError}</Alert.Title>
          </Alert.Content>
          <CloseButton size="sm" aria-label="Dismiss" onClick={intents.dismissError} />
        </Alert.Root>
      ) : null}
      <BulkActions actor={ref} />
      {loadError !== null ? (
        <ErrorBox title={USERS_ERROR_TITLE} message={loadError} onRetry={intents.retry} />
      ) : (
        <>
          <UsersTable
            users={users}
            firstLoad={firstLoad}
            busyRef={busyMark.attach}
            skeletonRows={Math.min(pageSize, FIRST_LOAD_PLACEHOLDERS)}
            selected={selected}
            inFlight={inFlight}
            onSelect={intents.select}
            onSelectAll={intents.selectAll}
            onSetLicense={intents.setLicense}
            onSetStatus={intents.setStatus}
            onEdit={intents.edit}
            onDelete={intents.confirmDelete}
            onResendInvitation={invitation.resend}
            onRevokeInvitation={invitation.askRevoke}
            onRestore={rowIntents.restore}
            sort={sort}
            onSort={intents.sortBy}
          />
          <UsersPagination actor={ref} />
          <BusyState actor={ref} mark={busyMark} />
        </>
      )}
      <Dialogs actor={ref} />
      <RevokeInvitationDialog actor={ref} />
    </Stack>
  );
}
