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

/** Touch screens (plumbers in gloves): every control at least 44 × 44 px (WCAG 2.5.5). */
const TOUCH_TARGETS = {
  '@media (pointer: coarse)': {
    'button, [role=button], [role=menuitem], [role=tab], [role=combobox], select, textarea, input:not([type=checkbox]):not([type=radio]):not([type=hidden])': {
      minHeight: '44px !important',
    },
    // Components size themselves with classes; a touch screen's minimum wins over them.
    'button, [role=button], [role=menuitem], [role=tab]': { minWidth: '44px !important' },
    'a[href]': { minHeight: '44px', display: 'inline-flex', alignItems: 'center' },
    // A checkbox is tapped on its whole row (control and label).
    '[data-scope=checkbox][data-part=root]': { minHeight: '44px' },
  },
};

/** Focus rings 3:1 or better against white (WCAG 1.4.11): a solid dark blue, whatever the component. */
const FOCUS_RING = {
  ':where(input, select, textarea, button, a, [role=button], [role=menuitem], [tabindex]):focus-visible': {
    outline: '2px solid #1d4ed8 !important',
    outlineOffset: '2px',
  },
};

/**
 * White text on Chakra's green.600 is 3.3:1 and on orange.600 3.6:1 (WCAG AA needs 4.5:1): solid
 * green and orange (buttons, success and warning snackbars) use the 700 shades (5.0:1, 5.2:1).
 */
const CONTRAST_SAFE_TOKENS = {
  ...semanticTokens,
  colors: {
    ...semanticTokens.colors,
    green: { ...semanticTokens.colors?.green, solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.700}' } } },
    orange: { ...semanticTokens.colors?.orange, solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.700}' } } },
    // Field errors and status texts on white: red.500 is 3.8:1, green.600 3.3:1, orange.600 3.6:1.
    fg: {
      ...semanticTokens.colors?.fg,
      error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
      warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
      success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
    },
  },
};

export const system = createSystem(defaultBaseConfig, defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: { ...globalCss, ...TOUCH_TARGETS, ...FOCUS_RING },
  theme: { breakpoints, keyframes, tokens, semanticTokens: CONTRAST_SAFE_TOKENS, recipes, slotRecipes, textStyles, layerStyles, animationStyles },
}));
