import { HStack, Link as ChakraLink } from '@chakra-ui/react';
import type { MouseEvent } from 'react';
import { Link } from 'wouter';

export type UsersSection = 'members' | 'activity';

const SECTIONS: ReadonlyArray<{ id: UsersSection; label: string; href: string }> = [
  { id: 'members', label: 'Members', href: '/users' },
  { id: 'activity', label: 'Activity', href: '/users/activity' },
];

/**
 * User Management's two sections, Members and Activity, as a row of links at the top of both
 * screens (the activity trail without a fifth navigation item; the sidebar keeps 'User
 * Management' lit on both). The current one carries `aria-current="page"`. A click on it does
 * nothing: it would replace a filtered view's URL behind the back of the screen's machine, which
 * keeps that view (a new tab, with Ctrl or the middle button, still opens the section's start).
 */
export function UsersSections({ current }: { current: UsersSection }) {
  const stay = (event: MouseEvent) => event.preventDefault();
  return (
    <HStack as="nav" aria-label="User Management sections" gap="1" borderBottomWidth="1px" borderColor="border">
      {SECTIONS.map((section) => {
        const isCurrent = section.id === current;
        return (
          <ChakraLink
            key={section.id}
            asChild
            px="3"
            py="2"
            mb="-1px"
            fontSize="sm"
            fontWeight="medium"
            textDecoration="none"
            borderBottomWidth="2px"
            borderColor={isCurrent ? 'brand.solid' : 'transparent'}
            color={isCurrent ? 'brand.fg' : 'fg.muted'}
            _hover={{ color: isCurrent ? 'brand.fg' : 'fg', textDecoration: 'none' }}
          >
            <Link href={section.href} aria-current={isCurrent ? 'page' : undefined} onClick={isCurrent ? stay : undefined}>
              {section.label}
            </Link>
          </ChakraLink>
        );
      })}
    </HStack>
  );
}
