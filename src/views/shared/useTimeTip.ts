import { useId, useState, type KeyboardEvent } from 'react';

/**
 * The state of a time's exact-moment tooltip ('Last active', an activity entry's time): open while
 * the pointer is over the wrapper or the time has the keyboard focus; Escape hides it until the
 * pointer or the focus comes back. Spread `wrapper` on the element around the time and the tooltip,
 * `time` on the focusable `<time>`, and give the tooltip `id`.
 */
export function useTimeTip() {
  const id = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const show = (set: (value: boolean) => void) => () => {
    set(true);
    setDismissed(false);
  };
  return {
    id,
    wrapper: {
      'data-open': (hovered || focused) && !dismissed ? '' : undefined,
      onPointerEnter: show(setHovered),
      onPointerLeave: () => setHovered(false),
    },
    time: {
      tabIndex: 0,
      'aria-describedby': id,
      onFocus: show(setFocused),
      onBlur: () => setFocused(false),
      onKeyDown: (e: KeyboardEvent) => {
        if (e.key === 'Escape') setDismissed(true);
      },
    },
  };
}
