import { Avatar, Badge, Checkbox, HStack, IconButton, Link as ChakraLink, Menu, Portal, Skeleton, Switch, Table, Text } from '@chakra-ui/react';
import { MoreHorizontal } from 'lucide-react';
import { Link } from 'wouter';
import { formatShortDate } from '../../domain/dates';
import { formatPhone } from '../../domain/phone';
import { initials } from '../../domain/text';
import type { User } from '../../services/api/schemas';

export interface UsersTableProps {
  users: User[];
  /** No page has arrived yet: skeleton rows of the final size. */
  firstLoad: boolean;
  /** A newer page is on its way: the shown rows are dimmed. */
  refreshing: boolean;
  skeletonRows: number;
  selected: string[];
  busy: string[];
  onSelect: (userId: string, selected: boolean) => void;
  onSelectAll: (selected: boolean) => void;
  onToggleLicense: (user: User) => void;
  onToggleStatus: (user: User) => void;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

const COLUMNS = 10;

function SkeletonRow() {
  return (
    <Table.Row aria-hidden>
      {Array.from({ length: COLUMNS }, (_, i) => (
        <Table.Cell key={i} height="14">
          <Skeleton height="4" />
        </Table.Cell>
      ))}
    </Table.Row>
  );
}

function RowMenu({ user, statusBusy, onToggleStatus, onEdit, onDelete }: {
  user: User;
  statusBusy: boolean;
  onToggleStatus: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Menu.Root
      // Mounted only while open: 25 rows of closed menus cost nothing on each search.
      lazyMount
      unmountOnExit
      onSelect={({ value }) => {
        if (value === 'status') onToggleStatus();
        else if (value === 'edit') onEdit();
        else if (value === 'delete') onDelete();
      }}
    >
      <Menu.Trigger asChild>
        <IconButton aria-label={`Actions for ${user.name}`} variant="ghost" size="sm">
          <MoreHorizontal aria-hidden />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="edit">Edit</Menu.Item>
            <Menu.Item value="status" disabled={statusBusy}>
              {user.isActive ? 'Deactivate' : 'Activate'}
            </Menu.Item>
            <Menu.Item value="delete" color="fg.error" _hover={{ bg: 'bg.error', color: 'fg.error' }}>
              Delete
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** The users table (SPEC §2): scrolls sideways on narrow screens. */
export function UsersTable(props: UsersTableProps) {
  const { users, firstLoad, refreshing, skeletonRows, selected } = props;
  const allSelected = users.length > 0 && users.every((u) => selected.includes(u.userId));
  const someSelected = !allSelected && users.some((u) => selected.includes(u.userId));

  return (
    // position: relative makes the scroll area the containing block of the checkboxes' and switches'
    // absolutely positioned hidden inputs; without it they widen the whole page past the viewport.
    <Table.ScrollArea position="relative" borderWidth="1px" borderRadius="lg" bg="bg">
      <Table.Root size="sm" minWidth="1080px" aria-label="Users" aria-busy={firstLoad || refreshing} opacity={refreshing && !firstLoad ? 0.6 : 1}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader width="10">
              <Checkbox.Root
                size="sm"
                checked={allSelected ? true : someSelected ? 'indeterminate' : false}
                disabled={users.length === 0}
                onCheckedChange={(e) => props.onSelectAll(e.checked === true)}
              >
                <Checkbox.HiddenInput aria-label="Select all users on this page" />
                <Checkbox.Control />
              </Checkbox.Root>
            </Table.ColumnHeader>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader>Email</Table.ColumnHeader>
            <Table.ColumnHeader>Phone</Table.ColumnHeader>
            <Table.ColumnHeader>Role</Table.ColumnHeader>
            <Table.ColumnHeader>Created</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>License</Table.ColumnHeader>
            <Table.ColumnHeader>Billing</Table.ColumnHeader>
            <Table.ColumnHeader width="12">
              <Text srOnly>Actions</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {firstLoad ? Array.from({ length: skeletonRows }, (_, i) => <SkeletonRow key={i} />) : null}
          {!firstLoad && users.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={COLUMNS} textAlign="center" py="10" color="fg.muted">
                No users found
              </Table.Cell>
            </Table.Row>
          ) : null}
          {firstLoad
            ? null
            : users.map((user) => {
                const licenseBusy = props.busy.includes(`license:${user.userId}`);
                const statusBusy = props.busy.includes(`status:${user.userId}`);
                return (
                  <Table.Row key={user.userId} data-selected={selected.includes(user.userId) ? '' : undefined}>
                    <Table.Cell>
                      <Checkbox.Root
                        size="sm"
                        checked={selected.includes(user.userId)}
                        onCheckedChange={(e) => props.onSelect(user.userId, e.checked === true)}
                      >
                        <Checkbox.HiddenInput aria-label={`Select ${user.name}`} />
                        <Checkbox.Control />
                      </Checkbox.Root>
                    </Table.Cell>
                    <Table.Cell>
                      <HStack gap="3">
                        <Avatar.Root size="sm" colorPalette="brand" aria-hidden>
                          <Avatar.Fallback>{initials(user.name)}</Avatar.Fallback>
                        </Avatar.Root>
                        <Text fontWeight="medium">{user.name}</Text>
                      </HStack>
                    </Table.Cell>
                    <Table.Cell>{user.email}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatPhone(user.phoneNumber)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{user.role}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{formatShortDate(user.createdAt)}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={user.isActive ? 'green' : 'yellow'}>{user.isActive ? 'active' : 'pending'}</Badge>
                    </Table.Cell>
                    <Table.Cell>
                      <Switch.Root
                        size="sm"
                        colorPalette="brand"
                        // Optimistic while the PATCH is in flight; a failure flips it back.
                        checked={licenseBusy ? !user.hasLicense : user.hasLicense}
                        disabled={licenseBusy}
                        onCheckedChange={() => props.onToggleLicense(user)}
                      >
                        <Switch.HiddenInput aria-label={`License for ${user.name}`} />
                        <Switch.Control />
                      </Switch.Root>
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      <ChakraLink asChild color="brand.fg" fontWeight="medium">
                        <Link href={`/billing/user/${encodeURIComponent(user.userId)}`} aria-label={`View Billing for ${user.name}`}>
                          View Billing
                        </Link>
                      </ChakraLink>
                    </Table.Cell>
                    <Table.Cell>
                      <RowMenu
                        user={user}
                        statusBusy={statusBusy}
                        onToggleStatus={() => props.onToggleStatus(user)}
                        onEdit={() => props.onEdit(user)}
                        onDelete={() => props.onDelete(user)}
                      />
                    </Table.Cell>
                  </Table.Row>
                );
              })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
