import { Button, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { formatCount } from '../../domain/intl';
import {
  selectAllMatching,
  selectMatchingOffer,
  selectSelected,
  selectTotal,
  type UsersListActorRef,
  usersListIntents,
} from '../../machines/usersList';
import { useIntents } from '../shared/useIntents';

function members(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'member' : 'members'}`;
}

/** How many are selected: the page's boxes, or every member matching the view. */
export function SelectedCount({ actor }: { actor: UsersListActorRef }) {
  const selected = useSelector(actor, selectSelected);
  const allMatching = useSelector(actor, selectAllMatching);
  const total = useSelector(actor, selectTotal);
  return (
    <Text fontWeight="medium" mr="2">
      {formatCount(allMatching ? total : selected.length)} selected
    </Text>
  );
}

/**
 * Gmail's pattern for bulk changes beyond the page: once every row of the page is selected, 'Select
 * all 1,234 members matching this view' (the server's total for the search and filters); once
 * chosen, a bulk change names the filter, every page, and 'Clear selection' undoes the choice.
 */
export function SelectAllMatching({ actor, disabled }: { actor: UsersListActorRef; disabled: boolean }) {
  const offer = useSelector(actor, selectMatchingOffer);
  const allMatching = useSelector(actor, selectAllMatching);
  const total = useSelector(actor, selectTotal);
  const { selectMatching, clearSelection } = useIntents(usersListIntents, actor);
  if (allMatching) {
    return (
      <Text flexBasis="full" fontSize="sm">
        All {members(total)} matching this view are selected.{' '}
        <Button variant="plain" size="sm" px="1" textDecoration="underline" disabled={disabled} onClick={clearSelection}>
          Clear selection
        </Button>
      </Text>
    );
  }
  if (offer === null) return null;
  return (
    <Text flexBasis="full" fontSize="sm">
      All rows on this page are selected.{' '}
      <Button variant="plain" size="sm" px="1" textDecoration="underline" disabled={disabled} onClick={selectMatching}>
        Select all {members(offer)} matching this view
      </Button>
    </Text>
  );
}
