/**
 * The licence switch's styles (MemberParts.tsx): it slides only while the pointer or the focus is
 * on it. A search hands rows over to other members; a transition on every switch that changed
 * delayed the rows' frame in Chrome and slid switches nobody had flipped (issue 17).
 */
import { Box, ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LicenseSwitch, memberStyles } from '../../../src/views/users/MemberParts';
import { getSystem } from '../../../src/views/theme/system';
import { makeUser } from './fixtures';

/** Every CSS rule on the page as [selector, declarations] (Emotion writes text into <style> here). */
function rules(): Array<[string, string]> {
  // The styles themselves are what this test reads: no query by role or text reaches a <style>.
  // eslint-disable-next-line testing-library/no-node-access
  const css = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
  return [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => [(m[1] ?? '').trim(), m[2] ?? '']);
}

describe("the licence switch's styles", () => {
  it('has a transition only while hovered or focused', () => {
    render(
      <ChakraProvider value={getSystem()}>
        <Box css={memberStyles}>
          <LicenseSwitch user={makeUser(0)} wanted={undefined} onAction={() => undefined} />
        </Box>
      </ChakraProvider>,
    );
    const switchRules = rules().filter(([selector]) => selector.includes('.hl-switch'));
    expect(switchRules.length).toBeGreaterThan(0);
    const animated = switchRules.filter(([, body]) => /transition/.test(body));
    // It still slides when somebody flips it: the track and the thumb.
    expect(animated.map(([, body]) => body.match(/transition[^;]*/)?.[0])).toEqual(
      expect.arrayContaining([expect.stringContaining('background-color'), expect.stringContaining('transform')]),
    );
    for (const [selector] of animated) {
      for (const part of selector.split(',')) expect(part).toMatch(/\.hl-switch:(hover|focus)/);
    }
  });
});
