/**
 * The Chakra UI system of the whole console: the core (./core.ts: tokens, palettes and the
 * recipes of what renders before the console's chunk, part of the /login JavaScript) and the
 * recipes only the signed-in console uses, added to the same system. This module and those
 * recipes (a chunk of their own: vite.config.ts) come with the console's chunk
 * (src/views/app/App.tsx calls `addConsoleRecipes` before the console renders); the tests render
 * every view with `getSystem()`.
 */
import {
  avatarSlotRecipe,
  badgeRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  linkRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioCardSlotRecipe,
  radiomarkRecipe,
  skeletonRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
} from '@chakra-ui/react/theme';
import type { SystemContext, SystemStyleObject } from '@chakra-ui/react';
import { addRecipes, coreRecipes, coreSlotRecipes, getCoreSystem } from './core';

export { palettes } from './core';

/**
 * Chakra's skeleton, whose pulse starts after a second: a wait that short needs no movement to say
 * so, and a placeholder that stands still costs nothing to draw. Pulsing from the first frame, the
 * console's placeholders had a phone composite a frame every 16 ms while it was busiest, loading
 * the page (on /users, some 40% of the display compositor's work during the load: docs/PERFORMANCE.md). A placeholder
 * showing its content (`loading={false}`) fades in at once, as before: its `!important` animation
 * takes no delay.
 */
export const PULSE_DELAY = '1s';
const pulseAfterAPause: SystemStyleObject = { ...skeletonRecipe.variants?.variant?.pulse, animationDelay: PULSE_DELAY };
const skeletonAfterAPause = {
  ...skeletonRecipe,
  variants: { ...skeletonRecipe.variants, variant: { ...skeletonRecipe.variants?.variant, pulse: pulseAfterAPause } },
};

/** The recipes only the signed-in console's components use. */
const consoleRecipes = {
  badge: badgeRecipe,
  link: linkRecipe,
  radiomark: radiomarkRecipe,
  skeleton: skeletonAfterAPause,
  textarea: textareaRecipe,
};

const consoleSlotRecipes = {
  avatar: avatarSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
  radioCard: radioCardSlotRecipe,
  stat: statSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  toast: toastSlotRecipe,
};

/*
 * Only the recipes the console's components use, instead of Chakra's ~80 (defaultConfig): the
 * styling code of unused components never reaches the bundle. Using a new Chakra component? Add
 * its recipe to the core (./core.ts) when it renders before the console's chunk, to this file
 * otherwise; `npx tsx scripts/bench/chakra-recipes.ts` lists what each component needs and
 * tests/unit/bundle-recipes.test.ts fails while one is missing (or no longer used).
 */
export const recipes = { ...coreRecipes, ...consoleRecipes };
export const slotRecipes = { ...coreSlotRecipes, ...consoleSlotRecipes };

let added = false;

/** Adds the console's recipes to the system (once), before the console renders. */
export function addConsoleRecipes(): void {
  if (added) return;
  addRecipes(consoleRecipes, consoleSlotRecipes);
  added = true;
}

/** The system with every recipe the console uses. */
export function getSystem(): SystemContext {
  addConsoleRecipes();
  return getCoreSystem();
}
