/**
 * preloadable (src/views/app/preloadable.ts): a module read with `use` renders at once when it is
 * already here (no fallback, not even for one commit); while on its way the Suspense fallback shows;
 * a failed load reaches the error boundary and the next render loads again.
 */
import { act } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { RETRY_AFTER_MS, preloadable, type Preloadable } from '../../../src/views/app/preloadable';

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children;
  }
}

function mount(module: Preloadable<{ Greeting: () => ReactNode }>) {
  function Reader() {
    const { Greeting } = module.use();
    return <Greeting />;
  }
  const container = document.createElement('div');
  const seen: string[] = [];
  new MutationObserver(() => seen.push(container.textContent ?? '')).observe(container, {
    subtree: true,
    childList: true,
    characterData: true,
  });
  const root = createRoot(container);
  const render = () =>
    // A root of its own (ReactDOM's, not Testing Library's render): act flushes what it renders.
    // eslint-disable-next-line testing-library/no-unnecessary-act
    act(async () => {
      root.render(
        <Boundary key={Math.random()}>
          <Suspense fallback={<p>fallback</p>}>
            <Reader />
          </Suspense>
        </Boundary>,
      );
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  return { container, seen, render, unmount: () => act(() => root.unmount()) };
}

const greeting = { Greeting: () => <p>hello</p> };

describe('preloadable', () => {
  it('renders a prefetched module at once: the fallback never shows', async () => {
    let loads = 0;
    const module = preloadable(() => {
      loads += 1;
      return Promise.resolve(greeting);
    });
    module.prefetch();
    await Promise.resolve();
    await Promise.resolve();
    const view = mount(module);
    await view.render();
    expect(view.container.textContent).toBe('hello');
    expect(view.seen).not.toContain('fallback');
    expect(loads).toBe(1);
    await view.unmount();
  });

  it('shows the fallback while the module is on its way, then the module (one load)', async () => {
    let release: (m: typeof greeting) => void = () => {};
    let loads = 0;
    const module = preloadable(() => {
      loads += 1;
      return new Promise<typeof greeting>((resolve) => {
        release = resolve;
      });
    });
    const view = mount(module);
    await view.render();
    expect(view.container.textContent).toBe('fallback');
    await act(async () => {
      release(greeting);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(view.container.textContent).toBe('hello');
    module.prefetch();
    expect(loads).toBe(1);
    await view.unmount();
  });

  it('sends a failed load to the error boundary once (no refetch storm), and loads again on a later render', async () => {
    let clock = 0;
    let attempts = 0;
    const module = preloadable(
      () => {
        attempts += 1;
        return attempts === 1 ? Promise.reject(new Error('chunk missing')) : Promise.resolve(greeting);
      },
      () => clock,
    );
    const view = mount(module);
    await view.render();
    expect(view.container.textContent).toBe('failed: chunk missing');
    expect(attempts).toBe(1);
    // Straight away, the failure stands; once RETRY_AFTER_MS have passed the next render loads again.
    await view.render();
    expect(view.container.textContent).toBe('failed: chunk missing');
    clock += RETRY_AFTER_MS;
    await view.render();
    expect(view.container.textContent).toBe('hello');
    expect(attempts).toBe(2);
    await view.unmount();
  });
});
