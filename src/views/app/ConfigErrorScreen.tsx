import { Box, Code, Heading, List, Stack, Text } from '@chakra-ui/react';

/** Shown instead of the app when a deploy-time setting is missing or invalid. */
export function ConfigErrorScreen({ problems }: { problems: readonly { name: string; message: string }[] }) {
  return (
    <Box maxW="2xl" mx="auto" py="16" px="6">
      <Stack gap="4" role="alert">
        <Heading as="h1" size="2xl">
          The console is not configured
        </Heading>
        <Text color="fg.muted">
          These settings are missing or invalid. Set them as environment variables when building the console (see the README, “Configuration
          for a real deployment”), then build again.
        </Text>
        <List.Root gap="2">
          {problems.map((problem) => (
            <List.Item key={problem.name}>
              <Code>{problem.name}</Code>: {problem.message}
            </List.Item>
          ))}
        </List.Root>
      </Stack>
    </Box>
  );
}
