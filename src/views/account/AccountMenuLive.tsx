/**
 * The account menu itself (Chakra's Menu, with its positioning code): 'Two-factor sign-in' opens
 * its dialog; 'Sign out of all devices' ends every session of the account (the auth machine's
 * `auth.signOutAllDevices`, docs/SECURITY.md "Sessions"). A chunk of its own, fetched as soon as the header is on screen (./AccountMenu.tsx), so the
 * signed-in shell paints without it; the dialog (./TwoFactorDialog.tsx, with the QR code encoder)
 * is a further chunk, fetched when the menu first opens.
 */
import { Menu, Portal } from '@chakra-ui/react';
import { LogOut, ShieldCheck } from 'lucide-react';
import { Component, Suspense, useState, type ReactElement, type ReactNode } from 'react';
import { authIntents } from '../../machines/auth/authIntents';
import { preloadable } from '../app/preloadable';
import { toaster } from '../shared/toaster';
import { useIntents } from '../shared/useIntents';
import { useAppActors } from '../app/machinesContext';
import { IconTrigger, NameTrigger, type AccountTrigger } from './AccountTriggers';

const TWO_FACTOR_ITEM = 'two-factor';
const SIGN_OUT_ALL_ITEM = 'sign-out-all';
const DIALOG_UNAVAILABLE = 'Two-factor sign-in could not be opened. Check your connection and try again.';

/** Read with `use` (src/views/app/preloadable.ts): prefetched when the menu opens, retried after a failed load. */
const twoFactorDialog = preloadable(() => import('./TwoFactorDialog'));

function LazyTwoFactorDialog({ onClose }: { onClose: () => void }) {
  const { TwoFactorDialog } = twoFactorDialog.use();
  return <TwoFactorDialog onClose={onClose} />;
}

/** The dialog's code could not be fetched: a notice, and the menu works again. */
class DialogBoundary extends Component<{ children: ReactNode; onFailed: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch() {
    toaster.create({ type: 'error', title: DIALOG_UNAVAILABLE });
    this.props.onFailed();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

interface MenuIntents {
  onTwoFactor: () => void;
  onSignOutAllDevices: () => void;
}

function AccountMenuRoot({
  trigger,
  openAtStart,
  onTwoFactor,
  onSignOutAllDevices,
}: { trigger: ReactElement; openAtStart: boolean } & MenuIntents) {
  return (
    <Menu.Root
      lazyMount
      unmountOnExit
      defaultOpen={openAtStart}
      // Fixed, as its button is: the header is sticky, so a menu placed in the page would scroll
      // away with it and jump back a frame later, moving out from under a finger or pointer.
      positioning={{ placement: 'bottom-end', strategy: 'fixed' }}
      onOpenChange={({ open }) => {
        if (open) twoFactorDialog.prefetch();
      }}
      onSelect={({ value }) => {
        if (value === TWO_FACTOR_ITEM) onTwoFactor();
        if (value === SIGN_OUT_ALL_ITEM) onSignOutAllDevices();
      }}
    >
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value={TWO_FACTOR_ITEM}>
              <ShieldCheck aria-hidden /> Two-factor sign-in
            </Menu.Item>
            <Menu.Item value={SIGN_OUT_ALL_ITEM}>
              <LogOut aria-hidden /> Sign out of all devices
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

export function AccountMenuLive({ username, openAtStart }: { username: string | null; openAtStart: AccountTrigger | null }) {
  const { auth } = useAppActors();
  const [dialogOpen, setDialogOpen] = useState(false);
  const open = () => setDialogOpen(true);
  const close = () => setDialogOpen(false);
  const { signOutAllDevices } = useIntents(authIntents, auth);
  const intents: MenuIntents = { onTwoFactor: open, onSignOutAllDevices: signOutAllDevices };
  return (
    <>
      <AccountMenuRoot trigger={<NameTrigger username={username} />} openAtStart={openAtStart === 'name'} {...intents} />
      <AccountMenuRoot trigger={<IconTrigger />} openAtStart={openAtStart === 'icon'} {...intents} />
      {dialogOpen ? (
        <DialogBoundary onFailed={close}>
          <Suspense fallback={null}>
            <LazyTwoFactorDialog onClose={close} />
          </Suspense>
        </DialogBoundary>
      ) : null}
    </>
  );
}
