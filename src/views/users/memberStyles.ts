/**
 * The styles of the parts a User Management table row and a phone card share (./MemberParts.tsx,
 * ./RowMenu.tsx, and the invitation's in ./InvitationParts.tsx): set once on the list (MembersTable,
 * UserCards) and matched by class name, not a Chakra component per part.
 */
import type { SystemStyleObject } from '@chakra-ui/react';
import { TIME_TIP_BUBBLE } from '../shared/timeTipBubble';
import { invitationStyles } from './InvitationParts';

const centred = { display: 'inline-flex', alignItems: 'center', justifyContent: 'center', flexShrink: 0 } as const;

/** Styles of the parts a table row and a card share. */
export const memberStyles: SystemStyleObject = {
  '& .hl-cut': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' },
  '& .hl-avatar': {
    ...centred,
    boxSize: '9',
    borderRadius: 'full',
    bg: 'brand.muted',
    color: 'brand.fg',
    fontSize: 'sm',
    fontWeight: 'medium',
  },
  '& .hl-who': { display: 'flex', flexDirection: 'column', minWidth: 0 },
  // The badge as wide as its word, not the line.
  '& .hl-gone': { alignItems: 'flex-start' },
  '& .hl-name': { textStyle: 'sm', fontWeight: 'medium' },
  '& .hl-email': { textStyle: 'xs', color: 'fg.muted' },
  '& .hl-badge': {
    display: 'inline-flex',
    alignItems: 'center',
    minH: '5',
    px: '1.5',
    borderRadius: 'l2',
    textStyle: 'xs',
    fontWeight: 'medium',
    '&[data-tone=green]': { bg: 'green.subtle', color: 'green.fg' },
    '&[data-tone=yellow]': { bg: 'yellow.subtle', color: 'yellow.fg' },
    '&[data-tone=red]': { bg: 'red.subtle', color: 'red.fg' },
  },
  '& input[type=checkbox]': { cursor: 'pointer', _disabled: { cursor: 'not-allowed' } },
  '& .hl-select': { boxSize: '4', flexShrink: 0, accentColor: 'brand.solid', verticalAlign: 'middle' },
  // A native checkbox drawn as a switch (track and thumb), with the focus ring of the theme.
  '& .hl-switch': {
    appearance: 'none',
    position: 'relative',
    display: 'inline-block',
    flexShrink: 0,
    verticalAlign: 'middle',
    width: '7',
    height: '4',
    borderRadius: 'full',
    // gray.500 on white is 4.8:1: the off track meets the 3:1 of WCAG 1.4.11 (non-text contrast).
    bg: 'gray.500',
    _before: {
      content: '""',
      position: 'absolute',
      top: '2px',
      insetStart: '2px',
      boxSize: '3',
      borderRadius: 'full',
      bg: 'white',
    },
    _checked: { bg: 'brand.solid', _before: { transform: 'translateX(0.75rem)' } },
    _disabled: { opacity: 0.6 },
    // The switch slides only while the pointer or the focus is on it, that is when somebody flips
    // it. A search hands rows over to other members (rowKeys.ts): a transition on every switch
    // that changed made Chrome bring style and layout up to date before the frame's callbacks, and
    // the rows reached the screen about 5 ms later on average; and a switch slid for
    // nobody's click.
    '&:hover, &:focus': { transition: 'background-color 0.15s', _before: { transition: 'transform 0.15s' } },
  },
  '& .hl-link': { textStyle: 'sm', color: 'brand.fg', fontWeight: 'medium', borderRadius: 'l1', _hover: { textDecoration: 'underline' } },
  '& .hl-actions': {
    ...centred,
    boxSize: '8',
    borderRadius: 'l2',
    color: 'fg',
    cursor: 'pointer',
    _hover: { bg: 'bg.muted' },
    _expanded: { bg: 'bg.muted' },
  },
  // 'Last active': the relative time, underlined dotted; the exact time above it while open.
  '& .hl-when': { position: 'relative', display: 'inline-block', maxWidth: '100%' },
  '& .hl-when > time': { display: 'block', borderRadius: 'l1', textDecoration: 'underline dotted', textUnderlineOffset: '3px' },
  '& .hl-tip': { ...TIME_TIP_BUBBLE, insetStart: '0' },
  '& .hl-when[data-open] > .hl-tip': { display: 'block' },
  '& :is(input, a, button, time):focus-visible': { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
  ...invitationStyles,
};
