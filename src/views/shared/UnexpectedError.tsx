import { Box, Button, Code, Heading, Stack, Text } from '@chakra-ui/react';

/** The generic page of SPEC §8 "Router": an unmatched or failed route. */
export function UnexpectedError({ detail, onReload }: { detail?: string; onReload?: () => void }) {
  return (
    <Box maxW="xl" mx="auto" py="16" px="6">
      <Stack gap="4">
        <Heading as="h1" size="2xl">
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
            <a href="/">Go to the dashboard</a>
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
