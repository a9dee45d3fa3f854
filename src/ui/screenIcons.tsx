/**
 * Icons only screens loaded on demand draw (the jobs, plumbers, profile, help and calendar screens).
 * Not re-exported by src/ui/index.ts: a module is in one chunk whole, and icons.tsx is in the app shell,
 * so these paths would be too. Screens import them from here.
 */
import { CLOSE_ICON_PATH, icon } from './icons';

export const CloseIcon = icon(CLOSE_ICON_PATH);
export const VideoIcon = icon('M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm-2 14.5v-9l6 4.5-6 4.5z');
export const EditIcon = icon('M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zM20.71 7.04c.39-.39.39-1.02 0-1.41l-2.34-2.34a.996.996 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z');
export const ChevronLeftIcon = icon('M15.41 7.41L14 6l-6 6 6 6 1.41-1.41L10.83 12z');
export const ChevronRightIcon = icon('M10 6L8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z');
export const RefreshIcon = icon('M17.65 6.35C16.2 4.9 14.21 4 12 4c-4.42 0-7.99 3.58-7.99 8s3.57 8 7.99 8c3.73 0 6.84-2.55 7.73-6h-2.08c-.82 2.33-3.04 4-5.65 4-3.31 0-6-2.69-6-6s2.69-6 6-6c1.66 0 3.14.69 4.22 1.78L13 11h7V4l-2.35 2.35z');
