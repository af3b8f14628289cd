import { HStack, Spinner, Text } from '@chakra-ui/react';

/** A busy indicator with a visible, announced label (e.g. 'Loading billing overview...'). */
export function LoadingState({ label }: { label: string }) {
  return (
    <HStack role="status" aria-live="polite" gap="3" py="10" justify="center" color="fg.muted">
      <Spinner size="sm" color="brand.solid" />
      <Text>{label}</Text>
    </HStack>
  );
}
