/**
 * The account menu on the header's username (an 'Account' icon button below md, where the name is
 * hidden): 'Two-factor sign-in' opens its dialog. No navigation item is added (the SPEC fixes four).
 *
 * Only this file and the buttons (./AccountTriggers.tsx) are part of the signed-in shell. The menu
 * (./AccountMenuLive.tsx: Chakra's Menu and its positioning, about 20 kB gzip) is a chunk fetched
 * once the header has rendered; until it is here the same buttons stand in its place, and a button
 * pressed meanwhile opens the menu when it arrives.
 */
import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { preloadable } from '../app/preloadable';
import { IconTrigger, NameTrigger, type AccountTrigger } from './AccountTriggers';

const liveMenu = preloadable(() => import('./AccountMenuLive'));

/** The menu's chunk, once here: the console's shell (src/prerender.tsx) is drawn with the live menu. */
export function loadAccountMenu(): Promise<unknown> {
  return liveMenu.load();
}

function LiveMenu({ username, openAtStart }: { username: string | null; openAtStart: AccountTrigger | null }) {
  const { AccountMenuLive } = liveMenu.use();
  return <AccountMenuLive username={username} openAtStart={openAtStart} />;
}

function StandIn({ username, onPress }: { username: string | null; onPress: (trigger: AccountTrigger) => void }) {
  return (
    <>
      <NameTrigger username={username} aria-haspopup="menu" onClick={() => onPress('name')} />
      <IconTrigger aria-haspopup="menu" onClick={() => onPress('icon')} />
    </>
  );
}

/** The menu's code could not be fetched: the buttons stay, and pressing one tries again. */
class MenuBoundary extends Component<{ children: ReactNode; fallback: (retry: () => void) => ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}

export function AccountMenu({ username }: { username: string | null }) {
  const [pressed, setPressed] = useState<AccountTrigger | null>(null);
  // Fetched once the header is on screen, not before: the shell paints without it.
  useEffect(() => liveMenu.prefetch(), []);
  return (
    <MenuBoundary
      fallback={(retry) => (
        <StandIn
          username={username}
          onPress={(trigger) => {
            setPressed(trigger);
            retry();
          }}
        />
      )}
    >
      <Suspense fallback={<StandIn username={username} onPress={setPressed} />}>
        <LiveMenu username={username} openAtStart={pressed} />
      </Suspense>
    </MenuBoundary>
  );
}
