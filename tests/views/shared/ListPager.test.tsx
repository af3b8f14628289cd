/**
 * ListPager (User Management and Activity): on a phone (below 480 px) it offers the first, the
 * current and the last page, without neighbours, so that a list of ten pages or more fits a 320 px
 * window (seven buttons at most); a wider window has a neighbour on each side of the current page.
 * Layout is checked in a real browser by tests/e2e/users-layout.spec.ts; here, which buttons there are.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListPager } from '../../../src/views/shared/ListPager';
import { getSystem } from '../../../src/views/theme/system';

/** A window whose `matchMedia` answers `phone` for the pager's query (and false for any other). */
function stubWindow(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    matches: phone && query.includes('max-width: 29.99em'),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function renderPager(page: number, onPageChange = vi.fn()) {
  render(
    <ChakraProvider value={getSystem()}>
      <ListPager
        total={240}
        page={page}
        pageSize={25}
        from={(page - 1) * 25 + 1}
        to={Math.min(page * 25, 240)}
        onPageChange={onPageChange}
      />
    </ChakraProvider>,
  );
  return onPageChange;
}

const buttons = () =>
  within(screen.getByRole('navigation', { name: 'pagination' }))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

afterEach(() => vi.unstubAllGlobals());

describe('ListPager', () => {
  it('on a phone, offers the first, the current and the last of ten pages, and moves by them', async () => {
    stubWindow(true);
    const onPageChange = renderPager(5);
    expect(screen.getByText('Showing 101–125 of 240')).toBeInTheDocument();
    expect(buttons()).toEqual(['previous page', 'page 1', 'page 5', 'last page, page 10', 'next page']);
    await userEvent.click(screen.getByRole('button', { name: 'last page, page 10' }));
    expect(onPageChange).toHaveBeenLastCalledWith(10);
    await userEvent.click(screen.getByRole('button', { name: 'previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
  });

  it('on a phone, on the first page, offers the next two pages and the last', () => {
    stubWindow(true);
    renderPager(1);
    expect(buttons()).toEqual(['previous page', 'page 1', 'page 2', 'page 3', 'last page, page 10', 'next page']);
  });

  it('in a wider window, offers a neighbour on each side of the current page', () => {
    stubWindow(false);
    renderPager(5);
    expect(buttons()).toEqual(['previous page', 'page 1', 'page 4', 'page 5', 'page 6', 'last page, page 10', 'next page']);
  });
});
