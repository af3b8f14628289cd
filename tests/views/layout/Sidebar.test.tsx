/**
 * The sidebar is rendered from Chakra's `lg` breakpoint on and not at all below it (the header's
 * menu button serves phones), following the window as it is resized. matchMedia is the browser's,
 * stubbed here (jsdom has none). jsdom applies no media query, so the sidebar's own CSS (hidden
 * below lg) hides it there: the queries include hidden elements.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SIDEBAR_QUERY, Sidebar } from '../../../src/views/layout/Sidebar';
import { getSystem } from '../../../src/views/theme/system';

/** A window whose width matches SIDEBAR_QUERY or not, and can be resized. */
function stubWindow(wide: boolean) {
  const listeners = new Set<() => void>();
  const state = { wide };
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      expect(query).toBe(SIDEBAR_QUERY);
      return state.wide;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    resize(toWide: boolean) {
      state.wide = toWide;
      for (const listener of listeners) listener();
    },
  };
}

function renderSidebar() {
  render(
    <ChakraProvider value={getSystem()}>
      <Router hook={memoryLocation({ path: '/' }).hook}>
        <Sidebar />
      </Router>
    </ChakraProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Sidebar', () => {
  it('is rendered on a wide screen, with the navigation and the footer', () => {
    stubWindow(true);
    renderSidebar();
    expect(screen.getByRole('complementary', { hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main', hidden: true })).toBeInTheDocument();
    expect(screen.getByText('Admin User')).toBeInTheDocument();
  });

  it('is not rendered at all below lg, and follows the window as it is resized', () => {
    const window = stubWindow(false);
    renderSidebar();
    expect(screen.queryByRole('complementary', { hidden: true })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main', hidden: true })).toBeNull();
    act(() => window.resize(true));
    expect(screen.getByRole('navigation', { name: 'Main', hidden: true })).toBeInTheDocument();
    act(() => window.resize(false));
    expect(screen.queryByRole('complementary', { hidden: true })).toBeNull();
  });
});
