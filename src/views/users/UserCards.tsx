import { Box, Field, NativeSelect, Skeleton, type SystemStyleObject } from '@chakra-ui/react';
import { memo } from 'react';
import { formatShortDate } from '../../domain/dates';
import { formatPhone } from '../../domain/phone';
import { initials } from '../../domain/text';
import { USER_SORTS, type UserSort } from '../../contract/api';

/**
 * The members of User Management as cards, for phones: UsersTable shows them at 768 px and
 * narrower instead of the table. A card has the same parts and actions as a row (./MemberParts).
 */
import {
  BillingLink,
  flagsOf,
  LastActive,
  LicenseSwitch,
  RowMenu,
  SelectAll,
  SelectBox,
  StatusBadge,
  memberStyles,
  type MemberItemProps,
  type MembersViewProps,
} from './MemberParts';
import { InvitationLine } from './InvitationParts';
import { ROW_KEY_ATTRIBUTE, useRecycledRowKeys } from './rowKeys';

const SORT_LABELS: Record<UserSort, string> = {
  '-created': 'Newest first',
  created: 'Oldest first',
  name: 'Name (A–Z)',
  '-name': 'Name (Z–A)',
  email: 'Email (A–Z)',
  '-email': 'Email (Z–A)',
  role: 'Role (A–Z)',
  '-role': 'Role (Z–A)',
  '-lastActive': 'Recently active first',
  lastActive: 'Least recently active first',
};
const SORT_OPTIONS = Object.keys(SORT_LABELS) as UserSort[];

const isSort = (value: string): value is UserSort => (USER_SORTS as readonly string[]).includes(value);

const cardStyles: SystemStyleObject = {
  // A newer page is on its way (busyMark.ts).
  '& .hl-cards[data-refreshing]': { opacity: 0.6 },
  ...memberStyles,
  '& .hl-cards-bar': { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', minHeight: '10', mb: '3' },
  '& .hl-check-label': { display: 'inline-flex', alignItems: 'center', gap: '2', textStyle: 'sm', cursor: 'pointer', flexShrink: 0 },
  '& .hl-cards': { display: 'grid', gap: '3', listStyleType: 'none', p: '0', m: '0' },
  // Every line of a card has a fixed height, so a placeholder card is exactly as tall as a card.
  // A card below the screen is not styled, laid out or painted until it is scrolled near: the first
  // page's 25 cards cost a phone the work of the few it shows (docs/PERFORMANCE.md). Until then it
  // keeps a card's height (11rem of content: the lines above), and once drawn, its own.
  '& .hl-card': {
    display: 'grid',
    gap: '3',
    p: '3',
    borderWidth: '1px',
    borderRadius: 'l3',
    bg: 'bg',
    minWidth: 0,
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 11rem',
  },
  '& .hl-card[data-selected]': { bg: 'gray.subtle' },
  // 'Last active' is a card's right-hand column: its exact time opens leftwards, inside the card,
  // which clips what overflows it (its content-visibility contains its paint).
  '& .hl-card .hl-tip': { insetStart: 'auto', insetEnd: '0' },
  '& .hl-card-head': { display: 'flex', alignItems: 'center', gap: '3', height: '10', minWidth: 0 },
  '& .hl-card-head > .hl-who': { flex: '1' },
  '& .hl-facts': { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: '3', rowGap: '2', m: '0' },
  '& .hl-facts > div': { display: 'grid', gridTemplateRows: '1rem 1.25rem', minWidth: 0 },
  '& .hl-facts dt': { textStyle: 'xs', color: 'fg.muted' },
  '& .hl-facts dd': { textStyle: 'sm', m: '0', minWidth: 0 },
  '& .hl-card-foot': { display: 'flex', alignItems: 'center', gap: '4', height: '8' },
  '& .hl-card-foot > .hl-link': { ms: 'auto', py: '1.5' },
  '& .hl-empty': { textAlign: 'center', py: '10', color: 'fg.muted', borderWidth: '1px', borderRadius: 'l3', bg: 'bg' },
};

const UserCard = memo(function UserCard({
  user,
  rowKey,
  selected,
  licenseWanted,
  statusBusy,
  invitationBusy,
  invitationResending,
  now,
  onSelect,
  onAction,
}: MemberItemProps) {
  const phone = formatPhone(user.phoneNumber);
  return (
    <li className="hl-card" data-selected={selected ? '' : undefined} {...{ [ROW_KEY_ATTRIBUTE]: rowKey }}>
      <div className="hl-card-head">
        <SelectBox user={user} selected={selected} onSelect={onSelect} />
        <span className="hl-avatar" aria-hidden="true">
          {initials(user.name)}
        </span>
        <span className="hl-who">
          <span className="hl-name hl-cut" title={user.name}>
            {user.name}
          </span>
          <span className="hl-email hl-cut" title={user.email}>
            {user.email}
          </span>
        </span>
        {/* Its open menu belongs to this member: a member who takes the card over gets a closed one. */}
        <RowMenu user={user} statusBusy={statusBusy} invitationBusy={invitationBusy} onAction={onAction} />
      </div>
      <dl className="hl-facts">
        <div>
          <dt>Phone</dt>
          <dd className="hl-cut" title={phone}>
            {phone}
          </dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd className="hl-cut">{user.role}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd className="hl-cut">{formatShortDate(user.createdAt)}</dd>
        </div>
        <div>
          <dt>Last active</dt>
          <dd>
            <LastActive value={user.lastActiveAt} now={now} />
          </dd>
        </div>
      </dl>
      {user.invitation ? (
        <InvitationLine
          user={user}
          invitation={user.invitation}
          busy={invitationBusy}
          resending={invitationResending}
          onResend={(u) => onAction('resend', u)}
        />
      ) : null}
      <div className="hl-card-foot">
        <StatusBadge user={user} />
        <label className="hl-check-label">
          <LicenseSwitch user={user} wanted={licenseWanted} onAction={onAction} />
          License
        </label>
        <BillingLink user={user} />
      </div>
    </li>
  );
});

/**
 * A placeholder card: memoised (it has no props), so that the list's renders while the first page is
 * on its way (the Quick Stats, the first page's own update) do not draw its twelve Skeletons again:
 * ten of them were a 160 ms task at a phone's CPU (docs/PERFORMANCE.md).
 */
const SkeletonCard = memo(function SkeletonCard() {
  return (
    <li className="hl-card" aria-hidden>
      <div className="hl-card-head">
        <Skeleton boxSize="9" borderRadius="full" flexShrink={0} />
        <span className="hl-who">
          <Skeleton height="4" width="40%" mb="1" />
          <Skeleton height="3" width="60%" />
        </span>
      </div>
      <div className="hl-facts">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i}>
            <Skeleton height="3" width="40%" />
            <Skeleton height="4" width="70%" alignSelf="center" />
          </div>
        ))}
      </div>
      <div className="hl-card-foot">
        <Skeleton height="5" width="24" />
      </div>
    </li>
  );
});

/** The members as a list of cards: select all and the sort above them (the table's headers do both there). */
export function UserCards({ users, firstLoad, busyRef, skeletonRows, selected, inFlight, sort, now, onOpenLink, ...on }: MembersViewProps) {
  const keys = useRecycledRowKeys(users.map((u) => u.userId));
  return (
    <Box css={cardStyles} onClick={onOpenLink}>
      <div className="hl-cards-bar">
        <label className="hl-check-label">
          <SelectAll users={users} selected={selected} onChange={on.onSelectAll} />
          Select all
        </label>
        <Field.Root orientation="horizontal" flex="1" minWidth="0" maxWidth="18rem" gap="2">
          <Field.Label flex="none">Sort by</Field.Label>
          <NativeSelect.Root size="sm" minWidth="0">
            <NativeSelect.Field
              value={sort}
              onChange={(e) => {
                const value = e.currentTarget.value;
                if (isSort(value)) on.onSort(value);
              }}
            >
              {SORT_OPTIONS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </div>
      {!firstLoad && users.length === 0 ? (
        <p className="hl-empty">No users found</p>
      ) : (
        <Box as="ul" ref={busyRef} className="hl-cards" aria-label="Users">
          {firstLoad
            ? Array.from({ length: skeletonRows }, (_, i) => <SkeletonCard key={i} />)
            : users.map((user) => (
                <UserCard
                  key={keys.get(user.userId)}
                  rowKey={keys.get(user.userId) ?? 0}
                  user={user}
                  selected={selected.includes(user.userId)}
                  {...flagsOf(inFlight, user)}
                  now={now}
                  onSelect={on.onSelect}
                  onAction={on.onAction}
                />
              ))}
        </Box>
      )}
    </Box>
  );
}
