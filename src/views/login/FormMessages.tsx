import { Alert, Box } from '@chakra-ui/react';

/** The form-level error (an alert) and success notice (a polite status region) of the current step. */
export function FormMessages({ error, notice }: { error: string | null; notice: string | null }) {
  return (
    <>
      <Box role="status" aria-live="polite">
        {notice ? (
          <Alert.Root status="success" borderRadius="md">
            <Alert.Indicator />
            <Alert.Title fontWeight="medium" overflowWrap="anywhere">
              {notice}
            </Alert.Title>
          </Alert.Root>
        ) : null}
      </Box>
      {error ? (
        <Alert.Root status="error" role="alert" borderRadius="md">
          <Alert.Indicator />
          <Alert.Title fontWeight="medium" overflowWrap="anywhere">
            {error}
          </Alert.Title>
        </Alert.Root>
      ) : null}
    </>
  );
}
