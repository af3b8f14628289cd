/**
 * The bubble a relative time shows its exact time in (./useTimeTip.ts), above the time while it is
 * open: 'Last active' in the members list (src/views/users/memberStyles.ts) and an entry's time in
 * the activity trail (src/views/users/ActivityTime.tsx). Each places it at the edge it needs.
 */
import type { SystemStyleObject } from '@chakra-ui/react';

export const TIME_TIP_BUBBLE: SystemStyleObject = {
  display: 'none',
  position: 'absolute',
  bottom: '100%',
  zIndex: 'tooltip',
  px: '2',
  py: '1',
  borderRadius: 'l2',
  bg: 'bg.inverted',
  color: 'fg.inverted',
  textStyle: 'xs',
  whiteSpace: 'nowrap',
  boxShadow: 'md',
};
