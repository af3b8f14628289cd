/**
 * The account menu's buttons: the avatar and email from md up, an 'Account' icon button below md
 * (where the header hides the name). The same elements stand in the header before the menu's code
 * has arrived (./AccountMenu.tsx) and inside it afterwards (./AccountMenuLive.tsx), so nothing moves.
 */
import { Avatar, Button, IconButton, Text, type ButtonProps } from '@chakra-ui/react';
import { ChevronDown, UserRound } from 'lucide-react';
import { forwardRef } from 'react';

/** Which of the two buttons a person used. */
export type AccountTrigger = 'name' | 'icon';

export const NameTrigger = forwardRef<HTMLButtonElement, ButtonProps & { username: string | null }>(function NameTrigger(
  { username, ...props },
  ref,
) {
  return (
    <Button
      ref={ref}
      variant="ghost"
      size="sm"
      px="2"
      display={{ base: 'none', md: 'inline-flex' }}
      aria-label={`Account: ${username ?? ''}`}
      {...props}
    >
      <Avatar.Root size="xs" colorPalette="brand" aria-hidden>
        <Avatar.Fallback name={username ?? undefined} />
      </Avatar.Root>
      <Text as="span" fontWeight="medium" data-testid="signed-in-username">
        {username}
      </Text>
      <ChevronDown aria-hidden />
    </Button>
  );
});

export const IconTrigger = forwardRef<HTMLButtonElement, ButtonProps>(function IconTrigger(props, ref) {
  return (
    <IconButton ref={ref} aria-label="Account" variant="ghost" size="sm" display={{ base: 'inline-flex', md: 'none' }} {...props}>
      <UserRound />
    </IconButton>
  );
});
