import { Box, Flex, Icon, Stack, Text } from '@chakra-ui/react';
import { Link, useLocation } from 'wouter';
import { NAV_ITEMS, isCurrent } from '../app/routes';
import { Logo } from './Logo';
import { useMediaQuery } from '../shared/useMediaQuery';

export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const [path] = useLocation();
  return (
    <nav aria-label="Main">
      <Stack as="ul" gap="1" listStyleType="none" p="0" m="0">
        {NAV_ITEMS.map((item) => {
          const current = isCurrent(item.href, path);
          return (
            <li key={item.href}>
              <Link href={item.href} onClick={onNavigate} aria-current={current ? 'page' : undefined} className="hl-nav-link">
                <Flex
                  align="center"
                  gap="3"
                  px="3"
                  py="2.5"
                  borderRadius="md"
                  fontWeight="medium"
                  fontSize="sm"
                  color={current ? 'brand.fg' : 'fg.muted'}
                  bg={current ? 'brand.subtle' : 'transparent'}
                  _hover={{ bg: current ? 'brand.subtle' : 'bg.muted', color: current ? 'brand.fg' : 'fg' }}
                >
                  <Icon as={item.icon} boxSize="4.5" aria-hidden="true" />
                  <span>{item.label}</span>
                </Flex>
              </Link>
            </li>
          );
        })}
      </Stack>
    </nav>
  );
}

/** The fixed footer label of SPEC §2 Layout. */
export function SidebarFooter() {
  return (
    <Box borderTopWidth="1px" pt="4" px="2">
      <Text fontSize="sm" fontWeight="semibold">
        Admin User
      </Text>
      <Text fontSize="xs" color="fg.muted">
        administrator
      </Text>
    </Box>
  );
}

/** Chakra's `lg` breakpoint (1024 px): the sidebar's; below it, the header's menu button opens the navigation. */
export const SIDEBAR_QUERY = '(min-width: 64em)';

/**
 * The sidebar, on screens from `lg` on. Narrower, it is not rendered at all rather than rendered
 * and hidden: on a phone its elements and their styles were about a tenth of the signed-in
 * console's first render, for nothing shown. Without `matchMedia` (jsdom), rendered.
 */
export function Sidebar() {
  const wide = useMediaQuery(SIDEBAR_QUERY, true);
  if (!wide) return null;
  return (
    <Flex
      as="aside"
      direction="column"
      w="64"
      flexShrink={0}
      bg="bg"
      borderRightWidth="1px"
      px="4"
      py="5"
      gap="8"
      position="sticky"
      top="0"
      h="100dvh"
      display={{ base: 'none', lg: 'flex' }}
    >
      <Box px="2">
        <Logo />
      </Box>
      <Box flex="1">
        <SidebarNav />
      </Box>
      <SidebarFooter />
    </Flex>
  );
}
