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
import type { SystemContext } from '@chakra-ui/react';
import { addRecipes, coreRecipes, coreSlotRecipes, getCoreSystem } from './core';

export { palettes } from './core';

/** The recipes only the signed-in console's components use. */
const consoleRecipes = {
  badge: badgeRecipe,
  link: linkRecipe,
  radiomark: radiomarkRecipe,
  skeleton: skeletonRecipe,
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
