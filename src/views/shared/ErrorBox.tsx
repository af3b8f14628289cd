import { Alert, Button } from '@chakra-ui/react';
import { useEffect, useLayoutEffect, useRef } from 'react';

export interface ErrorBoxProps {
  title: string;
  message: string;
  /** Loads again what failed: also called when the connection comes back, so it must be safe to repeat. */
  onRetry?: () => void;
  retryLabel?: string;
}

/**
 * Calls `retry` each time the browser comes back online (its `online` event), while mounted: a
 * phone on a site loses its signal and finds it again, and what failed meanwhile is tried again
 * without a tap, as 'Try again' would. Always the latest `retry`; nothing when there is none.
 */
function useRetryWhenOnline(retry: (() => void) | undefined): void {
  const latest = useRef(retry);
  useLayoutEffect(() => {
    latest.current = retry;
  });
  const canRetry = retry !== undefined;
  useEffect(() => {
    if (!canRetry) return undefined;
    const onOnline = () => latest.current?.();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [canRetry]);
}

/**
 * A data-load failure: the SPEC §8 title, the error's message, and 'Try again', which also happens
 * by itself when the connection comes back.
 */
export function ErrorBox({ title, message, onRetry, retryLabel = 'Try again' }: ErrorBoxProps) {
  useRetryWhenOnline(onRetry);
  return (
    <Alert.Root status="error" role="alert" borderRadius="lg" alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content gap="1">
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
        {onRetry ? (
          <Button size="sm" variant="outline" colorPalette="red" mt="2" alignSelf="flex-start" onClick={onRetry}>
            {retryLabel}
          </Button>
        ) : null}
      </Alert.Content>
    </Alert.Root>
  );
}
