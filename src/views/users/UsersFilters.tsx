/**
 * User Management's filters (SPEC §2): the search box (name, email or phone; '/' focuses it), the
 * status and the role. Each change is sent to the list's machine, which debounces the search and
 * keeps the filters in the address.
 */
import { Field, Flex, Input, InputGroup } from '@chakra-ui/react';
import { shallowEqual, useSelector } from '@xstate/react';
import { Search } from 'lucide-react';
import { memo, useEffect, useRef, useState, type RefObject } from 'react';
import { LIMITS } from '../../domain/limits';
import { FilterSelect } from '../shared/FilterSelect';
import {
  selectFilters,
  ROLES,
  USER_STATUS_FILTERS,
  type UserRoleFilter,
  type UserStatusFilter,
  type UsersListActorRef,
  usersListIntents,
} from '../../machines/usersList';
import { useIntents } from '../shared/useIntents';

const ROLE_FILTERS: readonly UserRoleFilter[] = ['all', ...ROLES];

const STATUS_LABELS: Record<UserStatusFilter, string> = {
  all: 'All statuses',
  active: 'Active',
  pending: 'Pending',
  deleted: 'Recently deleted',
};

/** Where typing '/' is text, not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** '/' focuses the search box when no field has focus (and no dialog is open), as in Gmail or GitHub. */
function useSlashToSearch(box: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTyping(event.target) || document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      event.preventDefault();
      box.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [box]);
}

/** Made once: the search box renders with every keystroke, and the same element is not rendered again. */
const SEARCH_ICON = <Search aria-hidden size={16} />;

export const Filters = memo(function Filters({ actor }: { actor: UsersListActorRef }) {
  const ref = actor;
  // A new object with each state of the list: compared by its fields, or every state of the list
  // (a search's request leaving, its answer arriving) would render the filters again.
  const filters = useSelector(ref, selectFilters, shallowEqual);
  const intents = useIntents(usersListIntents, ref);
  // The box keeps what is typed; when the list's search changes otherwise (the URL read at
  // opening, Back or Forward), the box shows that instead.
  const [search, setSearch] = useState(filters.search);
  const searchBox = useRef<HTMLInputElement>(null);
  useSlashToSearch(searchBox);
  const [listSearch, setListSearch] = useState(filters.search);
  if (listSearch !== filters.search) {
    setListSearch(filters.search);
    setSearch(filters.search);
  }
  return (
    <Flex gap="3" wrap="wrap" align="flex-end">
      <Field.Root flex="1 1 280px">
        <Field.Label>Search users</Field.Label>
        <InputGroup startElement={SEARCH_ICON}>
          <Input
            ref={searchBox}
            aria-keyshortcuts="/"
            type="search"
            maxLength={LIMITS.search}
            placeholder="Name, email or phone"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              intents.search(e.target.value);
            }}
          />
        </InputGroup>
      </Field.Root>
      <FilterSelect
        label="Status"
        width="44"
        value={filters.status}
        options={USER_STATUS_FILTERS}
        labelOf={(status) => STATUS_LABELS[status]}
        onChange={intents.filterStatus}
      />
      <FilterSelect
        label="Role"
        width="52"
        value={filters.role}
        options={ROLE_FILTERS}
        labelOf={(role) => (role === 'all' ? 'All roles' : role)}
        onChange={intents.filterRole}
      />
    </Flex>
  );
});
