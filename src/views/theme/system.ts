/**
 * The Chakra UI system: design tokens for Hardline (a safety-orange brand on neutral greys).
 * Built once here; every view uses these tokens rather than ad-hoc colours.
 */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  codeRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  radioCardSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/*
 * Only the recipes the console's components use, instead of Chakra's ~80 (defaultConfig): the
 * styling code of unused components never reaches the bundle. Using a new Chakra component? Add
 * its recipe here; `npx tsx scripts/bench/chakra-recipes.ts` lists what each component needs and
 * tests/unit/bundle-recipes.test.ts fails while one is missing (or no longer used).
 */
export const recipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  code: codeRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  link: linkRecipe,
  radiomark: radiomarkRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};

export const slotRecipes = {
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  card: cardSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  field: fieldSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  radioCard: radioCardSlotRecipe,
  stat: statSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  toast: toastSlotRecipe,
};

/**
 * The colour palettes the console uses (as `colorPalette` or `<palette>.<shade>` tokens), out of
 * Chakra's eleven: fewer tokens make `createSystem` cheaper on the page's first task.
 * tests/unit/bundle-recipes.test.ts fails when a view uses a palette that is not listed here.
 */
export const palettes = ['gray', 'red', 'orange', 'yellow', 'green', 'blue', 'purple'] as const;
const chakraPalettes = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink'];

/** `colors` without the palettes the console does not use (black, white and the rest stay). */
function withUsedPalettes<T extends Record<string, unknown>>(colors: T): T {
  const used = new Set<string>(palettes);
  return Object.fromEntries(Object.entries(colors).filter(([name]) => used.has(name) || !chakraPalettes.includes(name))) as T;
}

/** Chakra's default theme (tokens, text styles, animations...) with the recipes and palettes above. */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withUsedPalettes(tokens.colors ?? {}) },
    semanticTokens: { ...semanticTokens, colors: withUsedPalettes(semanticTokens.colors ?? {}) },
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg.subtle', color: 'fg', minHeight: '100%' },
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
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
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

let system: ReturnType<typeof createSystem> | undefined;

/**
 * The system, created on first use rather than when this module loads: building it is the
 * heaviest single piece of start-up work, so src/main.tsx runs it in a task of its own (a long
 * task on a slow phone is what Lighthouse's Total Blocking Time counts).
 */
export function getSystem(): ReturnType<typeof createSystem> {
  system ??= createSystem(defaultBaseConfig, chakraTheme, config);
  return system;
}
