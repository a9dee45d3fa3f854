/**
 * The Chakra system: Chakra's default theme with only the recipes of the components this app uses.
 * The default system carries the recipes of all ~90 components (most of its theme's weight) and
 * would push the app shell over its budget (DESIGN.md budgets). Using a Chakra component whose
 * recipe is not listed here renders it unstyled: add its recipe (and those of the parts it renders,
 * e.g. Button's spinner) when a screen starts using one.
 */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe, animationStyles, avatarSlotRecipe, badgeRecipe, breakpoints, buttonRecipe, cardSlotRecipe,
  checkboxSlotRecipe, checkmarkRecipe, collapsibleSlotRecipe, cssVarsPrefix, cssVarsRoot, dataListSlotRecipe,
  dialogSlotRecipe, drawerSlotRecipe, emptyStateSlotRecipe, fieldSlotRecipe, globalCss, headingRecipe, iconRecipe,
  inputRecipe, keyframes, layerStyles, linkRecipe, listSlotRecipe, menuSlotRecipe, nativeSelectSlotRecipe,
  radioGroupSlotRecipe, radiomarkRecipe, semanticTokens, separatorRecipe, skeletonRecipe, spinnerRecipe,
  statSlotRecipe, textareaRecipe, textStyles, toastSlotRecipe, tokens,
} from '@chakra-ui/react/theme';

/** Keys as in Chakra's default theme (theme/recipes.js and theme/slot-recipes.js). */
export const recipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  link: linkRecipe,
  radiomark: radiomarkRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};

export const slotRecipes = {
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  collapsible: collapsibleSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  stat: statSlotRecipe,
  toast: toastSlotRecipe,
};

export const system = createSystem(defaultBaseConfig, defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: { breakpoints, keyframes, tokens, semanticTokens, recipes, slotRecipes, textStyles, layerStyles, animationStyles },
}));
