import { Alert } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';

/**
 * A one-line outcome inside a form or dialog: errors are announced at once (role="alert"), success
 * politely (role="status"). Renders nothing without a message.
 *
 * `reveal`: the outcome of a press far from where it shows (a page's banner at the top, the button
 * lower down: on a phone, screens apart) is scrolled into view as it appears, or changes.
 */
export function Banner({
  status,
  message,
  reveal = false,
}: {
  status: 'error' | 'success';
  message: string | null | undefined;
  reveal?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reveal && message) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [reveal, message]);
  if (!message) return null;
  return (
    // Revealed below the console's sticky header (about 4.5rem), not under it.
    <Alert.Root ref={ref} status={status} role={status === 'error' ? 'alert' : 'status'} scrollMarginTop={reveal ? '24' : undefined}>
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
