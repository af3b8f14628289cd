/**
 * The Chakra system has one colour scheme (issue 17): semantic tokens keep their light value only,
 * so `createSystem` builds one set of CSS variables on the page's first task instead of a light and
 * a dark set under their conditions.
 */
import { semanticTokens } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { getCoreSystem, lightOnly } from '../../src/views/theme/core';

interface VarMaps {
  tokens: { cssVarMap: Map<string, Map<string, string>> };
}

describe('lightOnly', () => {
  it('keeps the light value of a token with a light and a dark one, and leaves plain values alone', () => {
    expect(
      lightOnly({
        fg: { DEFAULT: { value: { _light: '{colors.black}', _dark: '{colors.gray.50}' } }, muted: { value: '{colors.gray.600}' } },
        shadow: { value: { base: '0 1px 2px black', _dark: 'none' }, description: 'kept' },
      }),
    ).toEqual({
      fg: { DEFAULT: { value: '{colors.black}' }, muted: { value: '{colors.gray.600}' } },
      shadow: { value: '0 1px 2px black', description: 'kept' },
    });
  });

  it("knows every condition of Chakra's semantic tokens: light, dark or base (a Chakra upgrade adding one fails here)", () => {
    const conditions = new Set<string>();
    const visit = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return;
      if (!('value' in node)) return Object.values(node).forEach(visit);
      const { value } = node as { value: unknown };
      if (typeof value === 'object' && value !== null) Object.keys(value).forEach((key) => conditions.add(key));
    };
    visit(semanticTokens);
    expect(conditions.size).toBeGreaterThan(0);
    expect([...conditions].filter((key) => !['_light', '_dark', 'base'].includes(key))).toEqual([]);
  });
});

describe('the core system', () => {
  const maps = (getCoreSystem() as unknown as VarMaps).tokens.cssVarMap;

  it('defines its CSS variables once, without a light or dark condition', () => {
    expect([...maps.keys()]).toEqual(['base']);
  });

  it("gives semantic colours Chakra's light value, and ours", () => {
    const base = maps.get('base');
    expect(base?.get('--chakra-colors-bg-subtle')).toBe('var(--chakra-colors-gray-50)');
    expect(base?.get('--chakra-colors-fg')).toBe('var(--chakra-colors-black)');
    expect(base?.get('--chakra-colors-fg-error')).toBe('var(--chakra-colors-red-700)');
  });
});
