/**
 * Recipes of Chakra components that only the office screens (settings, dashboard and report, planning)
 * use: tables, tabs, switches, tags and progress bars. The shell's system (system.ts) leaves them out to stay within its size
 * budget; importing this module (those features do, first thing) adds them to that same system before
 * any of their components render. Each recipe is imported from its own module (the alias in
 * vite.config.ts): through the theme's index it would land in the shell. Chakra's system looks recipes up in its theme object on each first
 * use of a key, so an addition made before that first use is seen like a built-in one.
 */
import { progressSlotRecipe } from 'chakra-recipe:progress';
import { switchSlotRecipe } from 'chakra-recipe:switch';
import { tableSlotRecipe } from 'chakra-recipe:table';
import { tabsSlotRecipe } from 'chakra-recipe:tabs';
import { tagSlotRecipe } from 'chakra-recipe:tag';
import { system } from './system';

export const ADMIN_SLOT_RECIPES = {
  progress: progressSlotRecipe, switch: switchSlotRecipe, table: tableSlotRecipe, tabs: tabsSlotRecipe, tag: tagSlotRecipe,
} as const;

const theme = system._config.theme ?? {};
theme.slotRecipes = Object.assign(theme.slotRecipes ?? {}, ADMIN_SLOT_RECIPES);
