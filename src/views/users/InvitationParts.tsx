/**
 * Invitations in User Management (docs/USERS.md "Invitations"): what a row or a card shows of an
 * invited member who has never signed in, the row menu's Resend and Revoke items, and the question
 * Revoke asks first. The actions go to the list's invitations child (src/machines/invitation) through
 * its intents.
 */
import { Button, Dialog, Menu, Text, type SystemStyleObject } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { memo } from 'react';
import type { Invitation, User } from '../../contract/api';
import { formatDateTime, formatMonthDay, formatShortDate } from '../../domain/dates';
import { invitationIntents, selectIsRevoking, selectRevokeError, selectRevokeTarget } from '../../machines/invitation';
import { selectInvitationRef, type UsersListActorRef } from '../../machines/usersList';
import { Banner } from '../shared/Banner';
import { BusyDialog } from '../shared/BusyDialog';
import { useIntents } from '../shared/useIntents';
import { useTimeTip } from '../shared/useTimeTip';

/** Styles of the invitation's parts, added to the rows' and cards' (memberStyles). */
export const invitationStyles: SystemStyleObject = {
  '& .hl-badge[data-tone=blue]': { bg: 'blue.subtle', color: 'blue.fg' },
  '& .hl-badge[data-tone=red]': { bg: 'red.subtle', color: 'red.fg' },
  '& .hl-invite': { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '0.5', maxWidth: '100%' },
  // In a table cell the badge may take two lines ('Invitation / expired'): the row's height holds them.
  '& .hl-invite > .hl-badge': { whiteSpace: 'normal', lineHeight: '1.1', py: '0.5' },
  '& .hl-invite > time, & .hl-invite > .hl-resending': { color: 'fg.muted' },
  '& .hl-invite > .hl-badge:focus-visible': { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
  '& .hl-invite-line': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: '2', rowGap: '1', textStyle: 'xs' },
  '& .hl-invite-line > span:not(.hl-badge)': { color: 'fg.muted' },
  '& .hl-invite-resend': {
    textStyle: 'xs',
    fontWeight: 'medium',
    color: 'brand.fg',
    bg: 'transparent',
    border: 'none',
    p: '0',
    cursor: 'pointer',
    _hover: { textDecoration: 'underline' },
  },
};

const expired = (invitation: Invitation) => invitation.state === 'expired';

/** 'Invited' or 'Invitation expired'. */
function InvitationBadge({ invitation }: { invitation: Invitation }) {
  return (
    <span className="hl-badge" data-tone={expired(invitation) ? 'red' : 'blue'}>
      {expired(invitation) ? 'Invitation expired' : 'Invited'}
    </span>
  );
}

/** The whole story, for the tooltip and for screen readers. */
function datesOf(invitation: Invitation): string {
  return `Invited ${formatDateTime(invitation.sentAt)}. The temporary password ${expired(invitation) ? 'expired' : 'expires'} ${formatDateTime(invitation.expiresAt)}.`;
}

/** What a member's row or card says while their invitation is being resent (the toast says when it is done). */
const RESENDING_TEXT = 'Resending…';

/**
 * In a table row, where 'Last active' would say 'never': 'Invited' and when it expires, or
 * 'Invitation expired' (on two lines if need be: the row's height holds two, not three); the exact
 * dates in a tooltip on hover or keyboard focus, as 'Last active' has. While the invitation is
 * being resent, 'Invited' and 'Resending…'.
 */
export function InvitationCell({ invitation, resending }: { invitation: Invitation; resending: boolean }) {
  const tip = useTimeTip();
  if (resending)
    return (
      <span className="hl-when hl-invite">
        <InvitationBadge invitation={invitation} />
        <span className="hl-cut hl-resending" role="status">
          {RESENDING_TEXT}
        </span>
      </span>
    );
  return (
    <span className="hl-when hl-invite" {...tip.wrapper}>
      {expired(invitation) ? (
        <span className="hl-badge" data-tone="red" {...tip.time}>
          Invitation expired
        </span>
      ) : (
        <>
          <InvitationBadge invitation={invitation} />
          <time className="hl-cut" dateTime={invitation.expiresAt} {...tip.time}>
            expires {formatMonthDay(invitation.expiresAt)}
          </time>
        </>
      )}
      <span role="tooltip" id={tip.id} className="hl-tip">
        {datesOf(invitation)}
      </span>
    </span>
  );
}

/**
 * On a phone card: the badge and both dates as text (no hover on a phone), and for an expired
 * invitation a Resend button right there. While the invitation is being resent, 'Resending…'
 * instead of the dates.
 */
export function InvitationLine({
  user,
  invitation,
  busy,
  resending,
  onResend,
}: {
  user: User;
  invitation: Invitation;
  /** An invitation is being resent or revoked: Resend waits for it. */
  busy: boolean;
  /** This one is being resent. */
  resending: boolean;
  onResend: (user: User) => void;
}) {
  return (
    <p className="hl-invite-line">
      <InvitationBadge invitation={invitation} />
      {resending ? (
        <span className="hl-resending" role="status">
          {RESENDING_TEXT}
        </span>
      ) : (
        <span>
          Sent {formatShortDate(invitation.sentAt)} · {expired(invitation) ? 'expired' : 'expires'} {formatShortDate(invitation.expiresAt)}
        </span>
      )}
      {expired(invitation) ? (
        <button
          type="button"
          className="hl-invite-resend"
          aria-label={`Resend invitation to ${user.name}`}
          disabled={busy}
          onClick={() => onResend(user)}
        >
          Resend
        </button>
      ) : null}
    </p>
  );
}

/**
 * The row menu's items for an invited member (the menu's `onSelect` hears 'resend' and 'revoke'),
 * waiting while an invitation is being resent or revoked: one runs at a time.
 */
export function InvitationMenuItems({ busy }: { busy: boolean }) {
  return (
    <>
      <Menu.Item value="resend" disabled={busy}>
        Resend invitation
      </Menu.Item>
      <Menu.Item value="revoke" disabled={busy} color="fg.error" _hover={{ bg: 'bg.error', color: 'fg.error' }}>
        Revoke invitation
      </Menu.Item>
    </>
  );
}

/** The question before DELETE /api/users/{id}/invitation, while the list's invitations child asks it. */
export const RevokeInvitationDialog = memo(function RevokeInvitationDialog({ actor }: { actor: UsersListActorRef }) {
  const invitation = useSelector(actor, selectInvitationRef);
  const target = useSelector(invitation, (s) => (s ? selectRevokeTarget(s) : null));
  const revoking = useSelector(invitation, (s) => (s ? selectIsRevoking(s) : false));
  const error = useSelector(invitation, (s) => (s ? selectRevokeError(s) : null));
  const intents = useIntents(invitationIntents, invitation);
  if (!target) return null;
  return (
    <BusyDialog busy={revoking} onClose={intents.cancel} role="alertdialog">
      <Dialog.Header>
        <Dialog.Title>Revoke invitation</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body display="flex" flexDirection="column" gap="3">
        <Dialog.Description>
          Revoke the invitation of <Text as="strong">{target.name}</Text> ({target.email})? They are removed from your organisation and
          their temporary password stops working. You can invite them again later.
        </Dialog.Description>
        <Banner status="error" message={error} />
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={intents.cancel} disabled={revoking}>
          Cancel
        </Button>
        <Button colorPalette="red" onClick={intents.revoke} loading={revoking} loadingText="Revoking...">
          Revoke invitation
        </Button>
      </Dialog.Footer>
    </BusyDialog>
  );
});
