/**
 * The Chakra UI system's core: design tokens for Hardline (a safety-orange brand on neutral greys)
 * and the recipes of what renders before the signed-in console's chunk has arrived (the login
 * steps, the Gate's screens, the configuration error, the console's loading frame). Part of the
 * JavaScript /login downloads before it is usable, so it holds no recipe only the console uses.
 *
 * The console's recipes (tables, dialogs, menus, toasts...) are in ./system.ts, which comes with
 * the console's chunk (src/views/app/App.tsx) and adds them to this same system before any of it
 * renders. Every view uses these tokens rather than ad-hoc colours.
 */
import { createSystem, defaultBaseConfig, defineConfig, type SystemContext, type SystemStyleObject } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  codeRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  listSlotRecipe,
  semanticTokens,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

type Recipes = NonNullable<NonNullable<SystemContext['_config']['theme']>['recipes']>;
type SlotRecipes = NonNullable<NonNullable<SystemContext['_config']['theme']>['slotRecipes']>;

/**
 * The recipes of the components rendered before the console's chunk is here.
 * tests/unit/bundle-size.test.ts fails when a component on that path needs a recipe missing here,
 * or when one here is needed only by the console (it would cost /login bytes for nothing).
 */
export const coreRecipes = {
  button: buttonRecipe,
  code: codeRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  spinner: spinnerRecipe,
};

export const coreSlotRecipes = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  field: fieldSlotRecipe,
  list: listSlotRecipe,
};

/**
 * The colour palettes the console uses (as `colorPalette` or `<palette>.<shade>` tokens), out of
 * Chakra's ten: fewer tokens make `createSystem` cheaper on the page's first task.
 * tests/unit/bundle-recipes.test.ts fails when a view uses a palette that is not listed here, or
 * when one listed here is used by none. Written as keys rather than strings: that test counts a
 * quoted palette name anywhere in src/ but theme/system.ts (where this list was) as a view using
 * it, and this is the list itself.
 */
const usedPalettes = { gray: true, red: true, orange: true, yellow: true, green: true, blue: true, purple: true } as const;
export const palettes = Object.keys(usedPalettes) as ReadonlyArray<keyof typeof usedPalettes>;

/** Chakra's palettes: its semantic colours with a `solid` shade (gray, red, orange... cyan, pink). */
const chakraPalettes = new Set(
  Object.entries(semanticTokens.colors ?? {})
    .filter(([, shades]) => typeof shades === 'object' && shades !== null && 'solid' in shades)
    .map(([name]) => name),
);

/** `colors` without the palettes the console does not use (black, white and the rest stay). */
function withUsedPalettes<T extends Record<string, unknown>>(colors: T): T {
  const used = new Set<string>(palettes);
  return Object.fromEntries(Object.entries(colors).filter(([name]) => used.has(name) || !chakraPalettes.has(name))) as T;
}

type TokenTree = { [name: string]: unknown };

/**
 * Semantic tokens with their light value only. The console has one colour scheme, light (SPEC
 * shows no dark mode and nothing sets Chakra's `.dark` class), while each of Chakra's semantic
 * tokens holds a light and a dark value (`{ _light, _dark }`). Given both, `createSystem` builds
 * both sets of variables under their conditions: about 40% of its work, done on the page's first
 * task on a phone, and a fifth of the CSS every page carries. tests/unit/theme-light.test.ts fails
 * when one of Chakra's tokens has another condition (a Chakra upgrade) that this would drop.
 */
export function lightOnly<T extends TokenTree>(tree: T): T {
  const flatten = (node: unknown): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    if (!('value' in node)) return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, flatten(child)]));
    const { value } = node;
    if (typeof value !== 'object' || value === null) return node;
    const light = value as { _light?: unknown; base?: unknown };
    return { ...node, value: light._light ?? light.base };
  };
  return flatten(tree) as T;
}

/**
 * The style props whose CSS reads the custom properties Chakra's global CSS resets on every element
 * (`*`): the filters (`filter="auto"` with `blur`, `brightness`...), the backdrop filters and the
 * rings (`ring`, `ringColor`...). The console uses none of them, so those resets are left out
 * (`withoutUnusedResets`). tests/unit/theme-resets.test.ts fails when a view or a recipe uses one.
 */
export const UNUSED_RESET_PROPS = [
  'filter',
  'blur',
  'brightness',
  'contrast',
  'grayscale',
  'hueRotate',
  'invert',
  'saturate',
  'sepia',
  'dropShadow',
  'backdropFilter',
  'backdropBlur',
  'backdropBrightness',
  'backdropContrast',
  'backdropGrayscale',
  'backdropHueRotate',
  'backdropInvert',
  'backdropOpacity',
  'backdropSaturate',
  'backdropSepia',
  'ring',
  'ringColor',
  'ringOffset',
  'ringOffsetColor',
  'ringInset',
] as const;

/** The custom properties the props above set and read (`--blur`, `--backdrop-blur`, `--ring-color`...). */
export function isUnusedReset(property: string): boolean {
  return /^--(ring-|backdrop-|(blur|brightness|contrast|grayscale|hue-rotate|invert|saturate|sepia|drop-shadow)$)/.test(property);
}

type GlobalStyles = Record<string, SystemStyleObject>;

/**
 * Chakra's global CSS without the resets of `UNUSED_RESET_PROPS`. Chakra declares 23 custom
 * properties on every element (`*`), so that an element's filter or ring never inherits its
 * parent's: each element then holds a custom property map of its own, and every style recalculation
 * computes them for every element of the page (on a slow phone, a large part of painting the
 * console's shell and of drawing the live console over it). The other declarations of
 * `*` (the font features and the `--global-*` properties the preflight reads) stay as they are.
 */
function withoutUnusedResets(styles: GlobalStyles): GlobalStyles {
  const all = styles['*'];
  if (!all) return styles;
  return { ...styles, '*': Object.fromEntries(Object.entries(all).filter(([property]) => !isUnusedReset(property))) as SystemStyleObject };
}

/** Chakra's default theme (tokens, text styles, animations...) with the recipes and palettes above. */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: withoutUnusedResets(globalCss),
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withUsedPalettes(tokens.colors ?? {}) },
    semanticTokens: lightOnly({ ...semanticTokens, colors: withUsedPalettes(semanticTokens.colors ?? {}) }),
    recipes: coreRecipes,
    slotRecipes: coreSlotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg.subtle', color: 'fg', minHeight: '100%' },
    // Whoever asks their system for less motion (WCAG 2.3.3) gets none: menus, the row actions'
    // sheet, dialogs and toasts come and go at once, placeholders and spinners do not move, and
    // nothing scrolls smoothly. Outside the query the rule is not in the page's active styles.
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#fff4ed' },
          100: { value: '#ffe6d4' },
          200: { value: '#ffc9a8' },
          300: { value: '#ffa470' },
          400: { value: '#ff7a3d' },
          500: { value: '#f25a14' },
          600: { value: '#c2410c' },
          700: { value: '#9a3412' },
          800: { value: '#7c2d12' },
          900: { value: '#431407' },
          950: { value: '#2a0c03' },
        },
      },
      fonts: {
        heading: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
        body: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
      },
    },
    semanticTokens: {
      colors: {
        fg: {
          // Chakra's red.500 error text is 3.8:1 on white; red.700 is 6.5:1 (WCAG AA).
          error: { value: '{colors.red.700}' },
        },
        brand: {
          // #b23c0b, not brand.600: white text keeps ≥ 4.5:1 contrast on the 90% hover shade too.
          solid: { value: '#b23c0b' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

let system: SystemContext | undefined;

/**
 * The system, created on first use rather than when this module loads: building it is the
 * heaviest single piece of start-up work, so src/main.tsx runs it in a task of its own (a long
 * task on a slow phone is what Lighthouse's Total Blocking Time counts).
 */
export function getCoreSystem(): SystemContext {
  system ??= createSystem(defaultBaseConfig, chakraTheme, config);
  return system;
}

/**
 * Adds recipes to the system. Chakra has no call for this, but a system reads its recipes from its
 * own merged config at each lookup (`theme.recipes[key]`), so they are added there. Add them before
 * anything that uses them renders: Chakra keeps the recipe function it built for a key on first
 * use, an unstyled one for a key it did not know then.
 */
export function addRecipes(recipes: Recipes, slotRecipes: SlotRecipes): void {
  const theme = getCoreSystem()._config.theme;
  if (!theme) throw new Error('The Chakra system has no theme to add recipes to');
  Object.assign((theme.recipes ??= {}), recipes);
  Object.assign((theme.slotRecipes ??= {}), slotRecipes);
}
