import { ButtonGroup, Flex, IconButton, Pagination, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { memo } from 'react';
import { formatCount } from '../../domain/intl';
import { useMediaQuery } from './useMediaQuery';

export interface ListPagerProps {
  /** Rows the list has in all. */
  total: number;
  page: number;
  pageSize: number;
  /** The first and last row shown, from 1 (the list may show fewer than a page). */
  from: number;
  to: number;
  onPageChange: (page: number) => void;
}

/**
 * Phones, below Chakra's `sm` breakpoint (480 px). There the pager shows at most five page buttons
 * (the first, the current, the last and two ellipses: no siblings) a little closer together: at
 * most seven buttons in 276 px, which fit a 320 px window. The nine of a wider window (one sibling
 * each side) need 388 px, and a list of ten pages or more scrolled the whole page sideways on a
 * 390 px phone.
 */
const PHONE_QUERY = '(max-width: 29.99em)';

/**
 * 'Showing 26–50 of 240' and the page buttons under a paged list (User Management, Activity).
 * Memoised on its props (give it a stable `onPageChange`): Chakra's Pagination is a machine and a
 * button per page, worth rendering only when what it shows changes.
 */
export const ListPager = memo(function ListPager({ total, page, pageSize, from, to, onPageChange }: ListPagerProps) {
  const phone = useMediaQuery(PHONE_QUERY, false);
  return (
    <Flex justify="space-between" align="center" wrap="wrap" gap="3" minHeight="10">
      <Text color="fg.muted" fontSize="sm" aria-live="polite">
        Showing {formatCount(from)}–{formatCount(to)} of {formatCount(total)}
      </Text>
      <Pagination.Root
        count={total}
        pageSize={pageSize}
        page={page}
        siblingCount={phone ? 0 : 1}
        onPageChange={(e) => onPageChange(e.page)}
      >
        <ButtonGroup variant="ghost" size="sm" gap={phone ? '1' : '2'}>
          <Pagination.PrevTrigger asChild>
            <IconButton>
              <ChevronLeft aria-hidden />
            </IconButton>
          </Pagination.PrevTrigger>
          <Pagination.Items render={(item) => <IconButton variant={{ base: 'ghost', _selected: 'outline' }}>{item.value}</IconButton>} />
          <Pagination.NextTrigger asChild>
            <IconButton>
              <ChevronRight aria-hidden />
            </IconButton>
          </Pagination.NextTrigger>
        </ButtonGroup>
      </Pagination.Root>
    </Flex>
  );
});
