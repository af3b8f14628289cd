import { Box, Button, CloseButton, Drawer, Flex, Heading, HStack, IconButton, Portal, Text, type IconButtonProps } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { LogOut, Menu } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { selectIsSigningOut, selectUsername } from '../../machines/auth';
import { useAppActors } from '../app/machinesContext';
import { headingAt, pageTitleAt } from '../app/routes';
import { useDocumentTitle } from '../shared/useDocumentTitle';
import { authIntents } from '../../machines/auth/authIntents';
import { useIntents } from '../shared/useIntents';
import { AccountMenu } from '../account/AccountMenu';
import { Logo } from './Logo';
import { SidebarFooter, SidebarNav } from './Sidebar';

/** The header's menu button, below `lg` (from `lg` on, the sidebar shows the navigation). */
function MenuButton(props: Omit<IconButtonProps, 'aria-label' | 'children'>) {
  return (
    <IconButton aria-label="Open navigation" variant="ghost" display={{ base: 'inline-flex', lg: 'none' }} {...props}>
      <Menu />
    </IconButton>
  );
}

/**
 * The navigation drawer of phones and tablets. The drawer (Chakra's Drawer: a dialog machine, its
 * positioner and portal) is mounted the first time the menu button is pressed, and stays mounted
 * after: until then the button stands alone. Mounted with the header, closed, it was a third of the
 * header's first render on every signed-in load, the render before the first screen shows.
 */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  if (!used)
    return (
      <MenuButton
        aria-haspopup="dialog"
        aria-expanded={false}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      />
    );
  return (
    <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="start" size="xs">
      <Drawer.Trigger asChild>
        <MenuButton />
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title asChild>
                <div>
                  <Logo />
                </div>
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <SidebarNav onNavigate={() => setOpen(false)} />
            </Drawer.Body>
            <Drawer.Footer justifyContent="flex-start">
              <SidebarFooter />
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close navigation" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

export function Header() {
  const [path] = useLocation();
  const { auth } = useAppActors();
  const username = useSelector(auth, selectUsername);
  const signingOut = useSelector(auth, selectIsSigningOut);
  const { signOut } = useIntents(authIntents, auth);
  const heading = headingAt(path);
  useDocumentTitle(pageTitleAt(path));

  return (
    <Flex
      as="header"
      align="center"
      gap={{ base: '2', sm: '4' }}
      px={{ base: '4', md: '8' }}
      py="4"
      bg="bg"
      borderBottomWidth="1px"
      position="sticky"
      top="0"
      zIndex="docked"
    >
      <MobileNav />
      <Box flex="1" minW="0">
        <Heading as="h1" size={{ base: 'lg', md: 'xl' }} truncate>
          {heading.title}
        </Heading>
        {heading.subtitle ? (
          <Text color="fg.muted" fontSize="sm" truncate display={{ base: 'none', sm: 'block' }}>
            {heading.subtitle}
          </Text>
        ) : null}
      </Box>
      <HStack gap={{ base: '1', sm: '3' }} flexShrink={0}>
        <AccountMenu username={username} />
        {/* On a phone the button is its icon alone (its name stays "Sign out"), so that the screen's
            title keeps the room it needs beside the menu button and the account menu. */}
        <Button
          size="sm"
          variant="outline"
          aria-label={signingOut ? 'Signing out...' : 'Sign out'}
          px={{ base: '2', sm: '3' }}
          onClick={signOut}
          loading={signingOut}
          loadingText="Signing out..."
        >
          <LogOut aria-hidden="true" />
          <Box as="span" display={{ base: 'none', sm: 'inline' }}>
            Sign out
          </Box>
        </Button>
      </HStack>
    </Flex>
  );
}
