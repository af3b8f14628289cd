import { Alert, Button } from '@chakra-ui/react';

export interface ErrorBoxProps {
  title: string;
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
}

/** A data-load failure: the SPEC §8 title, the error's message, and 'Try again'. */
export function ErrorBox({ title, message, onRetry, retryLabel = 'Try again' }: ErrorBoxProps) {
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
