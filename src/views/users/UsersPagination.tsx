import { Box } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { memo } from 'react';
import {
  selectIsFirstLoad,
  selectPage,
  selectPageSize,
  selectTotal,
  type UsersListActorRef,
  usersListIntents,
} from '../../machines/usersList';
import { ListPager } from '../shared/ListPager';
import { useAfterPaint } from '../shared/useAfterPaint';
import { useIntents } from '../shared/useIntents';

interface PagerState {
  total: number;
  page: number;
  pageSize: number;
  firstLoad: boolean;
}

const samePager = (a: PagerState, b: PagerState): boolean =>
  a.total === b.total && a.page === b.page && a.pageSize === b.pageSize && a.firstLoad === b.firstLoad;

/**
 * The pager under the list. It shows the list's count and page a frame after the rows
 * (useAfterPaint): a search's or a page's rows are rendered, committed and painted first, and the
 * pager (Chakra's Pagination, a machine and a button per page) follows. Rendered with the rows, it
 * held every search's rows back by about as long as the rows themselves took (the users bench,
 * request to rows on screen: search p95 109 -> 70 ms without it).
 */
export const UsersPagination = memo(function UsersPagination({ actor }: { actor: UsersListActorRef }) {
  const ref = actor;
  const live: PagerState = {
    total: useSelector(ref, selectTotal),
    page: useSelector(ref, selectPage),
    pageSize: useSelector(ref, selectPageSize),
    firstLoad: useSelector(ref, selectIsFirstLoad),
  };
  const { total, page, pageSize, firstLoad } = useAfterPaint(live, samePager);
  const { goToPage } = useIntents(usersListIntents, ref);
  if (firstLoad || total === 0) return <Box minHeight="10" />;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return <ListPager total={total} page={page} pageSize={pageSize} from={from} to={to} onPageChange={goToPage} />;
});
