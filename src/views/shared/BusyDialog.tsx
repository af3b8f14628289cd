import { Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface BusyDialogProps {
  /** While busy (a request in flight) the dialog cannot be dismissed: Escape and outside clicks do nothing. */
  busy: boolean;
  onClose: () => void;
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md' | 'lg';
  /** Dialog.Header / Body / Footer (and a form around them, if any). */
  children: ReactNode;
}

/** A centred, focus-trapping modal that closes on Escape and returns focus to its opener. */
export function BusyDialog({ busy, onClose, role = 'dialog', size = 'md', children }: BusyDialogProps) {
  return (
    <Dialog.Root
      open
      role={role}
      size={size}
      onOpenChange={(e) => {
        if (!e.open && !busy) onClose();
      }}
      closeOnInteractOutside={!busy}
      closeOnEscape={!busy}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>{children}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
