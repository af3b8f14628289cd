/**
 * The Chakra system (src/views/theme/system.ts) registers only the recipes the console uses.
 * This fails when a component imported from '@chakra-ui/react' anywhere in src/ needs a recipe the
 * system lacks (it would render unstyled), or when the system carries a recipe nothing needs.
 * What each component needs is read from @chakra-ui/react's own build (scripts/bench/chakra-recipes.ts).
 */
// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chakraImports, defaultThemeRecipeKeys, recipeNeeds } from '../../scripts/bench/chakra-recipes';
import { getSystem, palettes, recipes, slotRecipes } from '../../src/views/theme/system';

const needs = recipeNeeds();
const system = getSystem();

describe('Chakra recipes in the system', () => {
  it('finds the components the views use (the scan works)', () => {
    const names = chakraImports();
    expect(names.has('Button')).toBe(true);
    expect(needs.byComponent.get('Button')).toContain('button');
    expect(needs.byComponent.get('Dialog') ?? ['dialog']).toContain('dialog');
    expect(needs.unknown).toEqual([]);
  });

  it('has a recipe for every component in use', () => {
    const missing = needs.recipes.filter((key) => !(key in recipes));
    const missingSlots = needs.slotRecipes.filter((key) => !(key in slotRecipes));
    const who = (key: string) =>
      [...needs.byComponent]
        .filter(([, keys]) => keys.includes(key))
        .map(([name]) => name)
        .join(', ');
    expect(
      [...missing.map((k) => `recipes.${k} (for ${who(k)})`), ...missingSlots.map((k) => `slotRecipes.${k} (for ${who(k)})`)],
      'add these to src/views/theme/system.ts',
    ).toEqual([]);
  });

  it('carries no recipe that no component needs', () => {
    const extra = [
      ...Object.keys(recipes)
        .filter((k) => !needs.recipes.includes(k))
        .map((k) => `recipes.${k}`),
      ...Object.keys(slotRecipes)
        .filter((k) => !needs.slotRecipes.includes(k))
        .map((k) => `slotRecipes.${k}`),
    ];
    expect(extra, 'remove these from src/views/theme/system.ts').toEqual([]);
  });

  it('registers each recipe under its Chakra key, in the right kind', () => {
    const theme = defaultThemeRecipeKeys();
    for (const key of Object.keys(recipes)) expect(theme.recipes.has(key), key).toBe(true);
    for (const key of Object.keys(slotRecipes)) expect(theme.slotRecipes.has(key), key).toBe(true);
    for (const key of Object.keys(recipes)) expect(system.getRecipe(key), key).toBeTruthy();
    for (const key of Object.keys(slotRecipes)) expect(system.getSlotRecipe(key), key).toBeTruthy();
  });

  it('keeps the brand palette and Chakra tokens', () => {
    expect(system.token('colors.brand.600')).toBe('#c2410c');
    expect(system.token('colors.gray.200')).toBeTruthy();
    expect(system.token('spacing.4')).toBe('1rem');
    expect(system.getRecipe('datePicker')).toBeUndefined();
  });
});

/** Every source file under src/ (the views name palettes as props, strings or tokens). */
function sourceFiles(dir = 'src'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe('Colour palettes in the system', () => {
  const chakraPalettes = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink'];
  const source = sourceFiles()
    .filter((file) => !file.endsWith(join('theme', 'system.ts')))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  /** A palette is used when a view names it as a string ('green', "green") or a token (green.500). */
  const used = chakraPalettes.filter((name) => new RegExp(`['"\`]${name}['"\`]|\\b${name}\\.\\d{2,3}\\b`).test(source));

  it('finds the palettes the views use (the scan works)', () => {
    expect(used).toEqual(expect.arrayContaining(['red', 'green', 'orange']));
  });

  it('keeps every palette a view uses, and its tokens resolve', () => {
    expect(
      used.filter((name) => !(palettes as readonly string[]).includes(name)),
      'add these to palettes in src/views/theme/system.ts',
    ).toEqual([]);
    for (const name of palettes) {
      expect(system.token(`colors.${name}.500`), name).toMatch(/^#/);
      expect(system.token(`colors.${name}.solid`), `${name}.solid`).toBeTruthy();
    }
  });

  it('drops the palettes nothing uses (gray stays: the recipes are built on it)', () => {
    expect(
      palettes.filter((name) => name !== 'gray' && !used.includes(name)),
      'remove these from palettes',
    ).toEqual([]);
    for (const name of chakraPalettes.filter((n) => !(palettes as readonly string[]).includes(n))) {
      expect(system.token(`colors.${name}.500`), name).toBeUndefined();
    }
  });
});
