/**
 * A loading placeholder (Chakra's Skeleton) pulses only after a pause (src/views/theme/system.ts):
 * until then it stands still, and the browser has no frame to draw for it while the page loads. A
 * skeleton that shows its content fades in at once. Read from the CSS the real system writes for
 * each, as the browser would apply it.
 */
import { ChakraProvider, Skeleton } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSystem, PULSE_DELAY } from '../../src/views/theme/system';

/**
 * The declarations of every rule whose selector names one of `element`'s classes, from the text
 * Emotion wrote into the page's style elements (jsdom's CSSOM drops Chakra's `@layer` blocks).
 */
function declarationsFor(element: Element): string {
  const css = [...document.styleSheets].map((sheet) => sheet.ownerNode?.textContent ?? '').join('\n');
  const classes = [...element.classList].filter((c) => c.startsWith('css-'));
  return [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)]
    .filter(([, selector]) => classes.some((c) => (selector ?? '').split(/[\s,>+~:]/).includes(`.${c}`)))
    .map(([, , body]) => body)
    .join(' ');
}

describe('the loading placeholders', () => {
  it(`pulse after ${PULSE_DELAY}, not from their first frame; a placeholder showing its content fades in at once`, () => {
    render(
      <ChakraProvider value={getSystem()}>
        <Skeleton data-testid="loading" height="4" />
        <Skeleton data-testid="loaded" loading={false}>
          42
        </Skeleton>
      </ChakraProvider>,
    );
    const loading = declarationsFor(screen.getByTestId('loading'));
    expect(loading).toMatch(/animation:var\(--chakra-animations-pulse\)/);
    expect(loading).toContain(`animation-delay:${PULSE_DELAY}`);

    const loaded = declarationsFor(screen.getByTestId('loaded'));
    expect(loaded).toMatch(/animation:fade-in [^;]*!important/);
    // Its `!important` shorthand sets the delay too (0s), over the pulse's plain one.
    expect(loaded).not.toMatch(/animation-delay:[^;]*!important/);
  });
});
