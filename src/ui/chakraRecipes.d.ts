/** Single recipe modules of Chakra's theme, through the `chakra-recipe:` alias of vite.config.ts. */
declare module 'chakra-recipe:switch' {
  export const switchSlotRecipe: typeof import('@chakra-ui/react/theme').switchSlotRecipe;
}
declare module 'chakra-recipe:table' {
  export const tableSlotRecipe: typeof import('@chakra-ui/react/theme').tableSlotRecipe;
}
declare module 'chakra-recipe:tabs' {
  export const tabsSlotRecipe: typeof import('@chakra-ui/react/theme').tabsSlotRecipe;
}
declare module 'chakra-recipe:progress' {
  export const progressSlotRecipe: typeof import('@chakra-ui/react/theme').progressSlotRecipe;
}
declare module 'chakra-recipe:tag' {
  export const tagSlotRecipe: typeof import('@chakra-ui/react/theme').tagSlotRecipe;
}
