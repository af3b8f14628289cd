import { Text } from '@chakra-ui/react';
import { isNearLimit } from '../../domain/limits';
import { formatCount } from '../../domain/intl';

/**
 * '1,850 / 2,000 characters' under a field once it nears its limit (its last tenth), so the limit is said
 * before it stops the typing (the field's `maxLength`); red at the limit. Nothing below that.
 */
export function CharacterCount({ length, max }: { length: number; max: number }) {
  if (!isNearLimit(length, max)) return null;
  return (
    <Text as="span" color={length >= max ? 'fg.error' : 'fg.muted'} data-character-count="">
      {formatCount(length)} / {formatCount(max)} characters
    </Text>
  );
}
