/**
 * The signed-in frame: header bar, navigation (side bar on wide screens, drawer below 1000 px) and
 * the current screen.
 */
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { Box, CloseButton, Drawer, Flex, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LoadingState, useIsMobile } from '../ui';
import { Header } from './Header';
import { NavMenu } from './NavMenu';

const SIDEBAR_WIDTH = '15rem';

export function Shell() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <Header onOpenMenu={isMobile ? () => setDrawerOpen(true) : undefined} />
      <Flex flex="1" minH="0">
        {!isMobile && (
          <Box as="nav" aria-label={t('Menu.Label')} w={SIDEBAR_WIDTH} flexShrink={0} borderEndWidth="1px" bg="bg" py="3">
            <NavMenu />
          </Box>
        )}
        <Box flex="1" minW="0">
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </Box>
      </Flex>
      {isMobile && (
        <Drawer.Root open={drawerOpen} onOpenChange={(e) => setDrawerOpen(e.open)} placement="start">
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content maxW="18rem">
                <Drawer.Header>
                  <Drawer.Title>{t('AppName')}</Drawer.Title>
                </Drawer.Header>
                <Drawer.Body px="0" as="nav" aria-label={t('Menu.Label')}>
                  <NavMenu onNavigate={() => setDrawerOpen(false)} />
                </Drawer.Body>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={t('Close')} />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      )}
    </Flex>
  );
}
