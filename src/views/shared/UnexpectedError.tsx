import { Box, Button, Code, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';

/** The generic page of SPEC §8 "Router": an unmatched or failed route. */
export function UnexpectedError({ detail, onReload }: { detail?: string; onReload?: () => void }) {
  return (
    <Box maxW="xl" mx="auto" py="16" px="6">
      <Stack gap="4">
        <Heading as="h2" size="2xl">
          Unexpected Application Error!
        </Heading>
        <Text color="fg.muted">{detail ?? 'This page does not exist.'}</Text>
        {detail ? null : (
          <Code alignSelf="flex-start" colorPalette="gray">
            {typeof window === 'undefined' ? '' : window.location.pathname}
          </Code>
        )}
        <Stack direction="row" gap="3">
          <Button asChild colorPalette="brand">
            <Link href="/">Go to the dashboard</Link>
          </Button>
          {onReload ? (
            <Button variant="outline" onClick={onReload}>
              Reload
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </Box>
  );
}
