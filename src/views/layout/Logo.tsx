import { HStack, Text } from '@chakra-ui/react';

/** The Hardline mark: a handset in a hard-hat orange square, with the word mark. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <HStack gap="2.5" aria-label="Hardline" role="img">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#c2410c" />
        <path
          d="M11.6 8.5c.5-.4 1.2-.3 1.6.2l1.9 2.6c.4.5.3 1.2-.1 1.6l-1.3 1.1c.8 1.7 2.2 3.1 3.9 3.9l1.1-1.3c.4-.5 1.1-.5 1.6-.1l2.6 1.9c.5.4.6 1.1.2 1.6l-1.2 1.6c-.6.8-1.7 1.1-2.6.8-4.5-1.5-8-5-9.5-9.5-.3-.9 0-2 .8-2.6z"
          fill="#fff"
        />
      </svg>
      <Text fontWeight="bold" fontSize="lg" letterSpacing="tight" color={inverted ? 'white' : 'fg'}>
        Hardline
      </Text>
    </HStack>
  );
}
