/**
 * Which Chakra UI recipes the console needs, worked out from the code itself:
 *
 *   1. every name `src/` imports from '@chakra-ui/react' (Button, Dialog, Field, ...);
 *   2. the file in @chakra-ui/react's ESM build each name comes from, and every component file it
 *      imports in turn (IconButton -> Button -> Loader/Spinner ...);
 *   3. the recipe keys those files look up (`createRecipeContext({ key: "button" })`,
 *      `useSlotRecipe({ key: "dialog" })`, ...), kept when Chakra's default theme defines them.
 *
 * src/views/theme/system.ts registers only these recipes instead of Chakra's full set, and
 * tests/unit/bundle-recipes.test.ts fails when a component in use has no recipe in the system.
 *
 *   npx tsx scripts/bench/chakra-recipes.ts     prints the components in use and the recipes they need
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHAKRA_ESM = join(ROOT, 'node_modules', '@chakra-ui', 'react', 'dist', 'esm');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(name)) out.push(full);
  }
  return out;
}

const CHAKRA_IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]@chakra-ui\/react['"]/g;

/** Value (non-type) names imported from '@chakra-ui/react', with the files importing each. */
export function chakraImports(srcDir = join(ROOT, 'src')): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(CHAKRA_IMPORT)) {
      if (match[1]) continue; // import type { ... }
      for (const raw of (match[2] ?? '').split(',')) {
        const spec = raw.trim();
        if (spec === '' || spec.startsWith('type ')) continue;
        const name = spec.split(/\s+as\s+/)[0]?.trim();
        if (!name) continue;
        const files = names.get(name) ?? [];
        files.push(file.slice(ROOT.length + 1));
        names.set(name, files);
      }
    }
  }
  return names;
}

/** Export name -> absolute file of @chakra-ui/react's ESM index that defines it. */
function chakraExportFiles(): Map<string, string> {
  const index = readFileSync(join(CHAKRA_ESM, 'index.js'), 'utf8');
  const files = new Map<string, string>();
  const namespaces = new Map<string, string>();
  for (const m of index.matchAll(/import \* as (\S+) from '(\.[^']+)';/g)) namespaces.set(m[1] as string, join(CHAKRA_ESM, m[2] as string));
  for (const m of index.matchAll(/export \{([^}]*)\}(?: from '([^']+)')?;/g)) {
    for (const raw of (m[1] ?? '').split(',')) {
      const [local, exported] = raw
        .trim()
        .split(/\s+as\s+/)
        .map((s) => s.trim());
      if (!local) continue;
      const name = exported ?? local;
      // Re-exports of other packages (Portal from @ark-ui/react, ...) carry no Chakra recipe.
      if (m[2]) files.set(name, m[2].startsWith('.') ? join(CHAKRA_ESM, m[2]) : m[2]);
      else if (namespaces.has(local)) files.set(name, namespaces.get(local) as string);
    }
  }
  return files;
}

/** Recipe keys looked up by `file` and every Chakra component file it imports (transitively). */
function recipeKeysOf(file: string): Set<string> {
  const keys = new Set<string>();
  const seen = new Set<string>();
  const stack = [file];
  const componentsDir = join(CHAKRA_ESM, 'components');
  while (stack.length > 0) {
    const current = stack.pop() as string;
    if (seen.has(current) || !existsSync(current)) continue;
    seen.add(current);
    const text = readFileSync(current, 'utf8');
    for (const m of text.matchAll(/(?:createRecipeContext|createSlotRecipeContext|useRecipe|useSlotRecipe)\(\s*\{\s*key:\s*"([^"]+)"/g))
      keys.add(m[1] as string);
    for (const m of text.matchAll(/from '(\.[^']+\.js)'/g)) {
      const target = resolve(dirname(current), m[1] as string);
      if (target.startsWith(componentsDir)) stack.push(target);
    }
  }
  return keys;
}

/** The keys Chakra's default theme defines, split into plain and slot recipes. */
export function defaultThemeRecipeKeys(): { recipes: Set<string>; slotRecipes: Set<string> } {
  const keysIn = (file: string): Set<string> =>
    new Set([...readFileSync(join(CHAKRA_ESM, 'theme', file), 'utf8').matchAll(/^ {2}(\w+): \w+Recipe,?$/gm)].map((m) => m[1] as string));
  return { recipes: keysIn('recipes.js'), slotRecipes: keysIn('slot-recipes.js') };
}

export interface RecipeNeeds {
  /** Component name -> recipe keys it needs that the default theme defines. */
  byComponent: Map<string, string[]>;
  recipes: string[];
  slotRecipes: string[];
  /** Names imported from '@chakra-ui/react' that the package's index does not export. */
  unknown: string[];
}

export function recipeNeeds(srcDir?: string): RecipeNeeds {
  const imports = chakraImports(srcDir);
  const exportsByName = chakraExportFiles();
  const theme = defaultThemeRecipeKeys();
  const byComponent = new Map<string, string[]>();
  const recipes = new Set<string>();
  const slotRecipes = new Set<string>();
  const unknown: string[] = [];
  for (const name of [...imports.keys()].sort()) {
    const file = exportsByName.get(name);
    if (!file) {
      unknown.push(name);
      continue;
    }
    const keys = [...recipeKeysOf(file)].filter((k) => theme.recipes.has(k) || theme.slotRecipes.has(k)).sort();
    byComponent.set(name, keys);
    for (const k of keys) (theme.slotRecipes.has(k) ? slotRecipes : recipes).add(k);
  }
  return { byComponent, recipes: [...recipes].sort(), slotRecipes: [...slotRecipes].sort(), unknown };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const needs = recipeNeeds();
  for (const [name, keys] of needs.byComponent) console.log(`${name.padEnd(22)} ${keys.join(', ') || '(no recipe)'}`);
  if (needs.unknown.length > 0) console.log(`not in @chakra-ui/react's index: ${needs.unknown.join(', ')}`);
  console.log(`\nrecipes:      ${needs.recipes.join(', ')}`);
  console.log(`slot recipes: ${needs.slotRecipes.join(', ')}`);
}
