/**
 * The first of the shell's modules to run (main.tsx imports it before anything else): a visit that
 * opens on a job screen (the job list, a plumber's home screen, offline too) starts fetching the
 * jobs chunk and the chunks it needs now, while the shell's own modules are still evaluated,
 * instead of after them (screens.tsx preloadScreenAt asks for the same module, which loads once).
 */
if (/^\/(joblist$|job\/)/.test(window.location.pathname)) void import('../features/jobs').catch(() => undefined);

export {};
