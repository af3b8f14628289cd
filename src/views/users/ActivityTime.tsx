import { Box, type SystemStyleObject } from '@chakra-ui/react';
import { TIME_TIP_BUBBLE } from '../shared/timeTipBubble';
import { useTimeTip } from '../shared/useTimeTip';
import { formatDateTime, formatRelativeTime } from '../../domain/dates';

// The relative time underlined dotted; the exact time above it while open, held to the right edge
// (the time ends its line, so a tooltip that started at its left could leave the window).
const styles: SystemStyleObject = {
  position: 'relative',
  display: 'inline-block',
  '& > time': {
    display: 'block',
    whiteSpace: 'nowrap',
    borderRadius: 'l1',
    textDecoration: 'underline dotted',
    textUnderlineOffset: '3px',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
  },
  '& > [role=tooltip]': { ...TIME_TIP_BUBBLE, insetEnd: '0' },
  '&[data-open] > [role=tooltip]': { display: 'block' },
};

/**
 * When an entry was made: relative time ('5 minutes ago', 'yesterday'), with the exact en-US date
 * and time in a tooltip while the pointer is over it or it has the keyboard focus (a tab stop; the
 * tooltip is its description; Escape hides it until the pointer or the focus comes back), as
 * 'Last active' does in the members table. Its own small part, not that one: the members table's
 * parts bring its row menu with them, which the billing page's card has no use for. A moment after
 * `now` (a clock a little ahead of this one) counts as now.
 */
export function ActivityTime({ value, now }: { value: string; now: number }) {
  const tip = useTimeTip();
  return (
    <Box as="span" css={styles} {...tip.wrapper}>
      <time dateTime={value} {...tip.time}>
        {formatRelativeTime(value, Math.max(now, Date.parse(value)))}
      </time>
      <span role="tooltip" id={tip.id}>
        {formatDateTime(value)}
      </span>
    </Box>
  );
}
