/**
 * The signed-in frame: a skip link, header bar, navigation (side bar on wide screens, drawer below
 * 1000 px) and the current screen, which takes the focus when the route changes.
 */
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Box, chakra, Flex } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../data/session';
import { LoadingState, useIsMobile } from '../ui';
import { Header } from './Header';
import { NavMenu } from './NavMenu';
import { SCREENS } from './screens';

const loadNavDrawer = () => import('./NavDrawer');
const NavDrawer = lazy(loadNavDrawer);

const SIDEBAR_WIDTH = '15rem';
const CONTENT_ID = 'main-content';
/** How long a screen may stay loading before the focus goes to the content as it is. */
const LOADING_WAIT_MS = 5000;

/**
 * A new route moves the focus to the new screen's heading (or, without one, to the content), as a
 * page load would for a screen reader and the keyboard; the first screen keeps the browser's own.
 */
function useFocusOnRouteChange(content: RefObject<HTMLDivElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = content.current;
    if (!root) return;
    // The heading, or the content when the screen has none; not while it is still loading (LoadingState).
    const focusScreen = (force = false) => {
      const heading = root.querySelector<HTMLElement>('h1');
      if (heading) {
        heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
        return true;
      }
      if (!force && root.querySelector('[aria-busy=true]')) return false;
      root.focus({ preventScroll: true });
      return true;
    };
    if (focusScreen()) return;
    const observer = new MutationObserver(() => {
      if (focusScreen()) stop();
    });
    const timer = setTimeout(() => {
      stop();
      focusScreen(true);
    }, LOADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(root, { childList: true, subtree: true });
    return stop;
  }, [pathname, content]);
}

/**
 * Once the first screen is idle, the code (and texts) of what a tap most likely opens next loads:
 * My schedule with its history (one chunk; budget 500 ms offline from the tap to the week on screen,
 * most of it was this download and its parse) and, on a narrow screen, the menu's drawer.
 */
function usePreloadWhenIdle(isMobile: boolean) {
  const session = useSession();
  const schedule = !!session && !session.hidePlumberOptions;
  useEffect(() => {
    // Loading twice is harmless (each chunk loads once), so nothing is cancelled.
    (window.requestIdleCallback ?? setTimeout)(() => {
      if (schedule) void SCREENS.schedule.preload().catch(() => undefined);
      if (isMobile) void loadNavDrawer().catch(() => undefined);
    });
  }, [schedule, isMobile]);
}

export function Shell() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer is mounted from the first tap on (and stays, for its closing animation).
  const [drawerUsed, setDrawerUsed] = useState(false);
  const content = useRef<HTMLDivElement>(null);
  useFocusOnRouteChange(content);
  usePreloadWhenIdle(isMobile);

  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <chakra.a
        href={`#${CONTENT_ID}`}
        position="absolute"
        top="2"
        insetStart="2"
        zIndex="skipLink"
        px="4"
        py="3"
        bg="bg"
        color="fg"
        fontWeight="semibold"
        rounded="md"
        shadow="md"
        // Out of sight until the keyboard reaches it (the first Tab on every screen).
        transform="translateY(-200%)"
        _focus={{ transform: 'none' }}
        data-testid="skip-link"
        onClick={(e) => {
          e.preventDefault();
          const heading = content.current?.querySelector<HTMLElement>('h1');
          if (heading) heading.tabIndex = -1;
          (heading ?? content.current)?.focus();
        }}
      >
        {t('SkipToContent')}
      </chakra.a>
      <Header onOpenMenu={isMobile ? () => { setDrawerUsed(true); setDrawerOpen(true); } : undefined} />
      <Flex flex="1" minH="0">
        {!isMobile && (
          <Box as="nav" aria-label={t('Menu.Label')} w={SIDEBAR_WIDTH} flexShrink={0} borderEndWidth="1px" bg="bg" py="3">
            <NavMenu />
          </Box>
        )}
        <Box flex="1" minW="0" id={CONTENT_ID} ref={content} tabIndex={-1} outline="none">
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </Box>
      </Flex>
      {/* It shows once its code is in: at once when preloaded (below). */}
      {isMobile && drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
        </Suspense>
      )}
    </Flex>
  );
}
