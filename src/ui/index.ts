export { confirm, showCustom, showError, showSuccess, showWarning } from './dialogStore';
export type { CustomDialogOptions, DialogOptions } from './dialogStore';
export { LazyDialogHost } from './LazyDialogHost';
export { snackbar, showSnackbar, SnackbarHost, pageAction } from './snackbar';
export type { SnackbarOptions, SnackbarSeverity } from './snackbar';
export { AccessDenied, EmptyView, ErrorView, LoadingState, PageLayout, PAGE_BOTTOM_MARGIN_PX } from './layout';
export { isMobileWidth, screenClass, useIsMobile, useMediaQuery, useScreenClass } from './screen';
export type { ScreenClass } from './screen';
export * from './icons';
// LiveReadView, DeviceNotSupported, FormDialog and useUnsavedChangesGuard are imported from their own modules: only lazy screens use them,
// and a re-export here would put them in the shell.
export { useGoBack } from './useGoBack';
