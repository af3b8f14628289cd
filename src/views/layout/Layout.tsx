import { Box, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Header } from './Header';
import { Sidebar } from './Sidebar';

/** The shared layout of every signed-in route (SPEC §2 Layout). */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <Flex minH="100dvh">
      <Sidebar />
      <Flex direction="column" flex="1" minW="0">
        <Header />
        <Box as="main" id="main" flex="1" px={{ base: '4', md: '8' }} py={{ base: '5', md: '8' }} maxW="7xl" w="full" mx="auto">
          {children}
        </Box>
      </Flex>
    </Flex>
  );
}
