import { Alert } from '@chakra-ui/react';

/**
 * A one-line outcome inside a form or dialog: errors are announced at once (role="alert"), success
 * politely (role="status"). Renders nothing without a message.
 */
export function Banner({ status, message }: { status: 'error' | 'success'; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
