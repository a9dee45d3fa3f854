/** Header bar (spec 1 §2): home or back icon, the route's title, sync state and the user menu. */
import { useLocation, useMatches, useNavigate } from 'react-router-dom';
import { Flex, Heading, HStack, IconButton } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../data/session';
import { SyncStatus } from '../features/sync';
import { BackIcon, HomeIcon, MenuIcon } from '../ui';
import { homePath } from './navItems';
import type { RouteHandle } from './router';
import { UserMenu } from './UserMenu';

function useRouteHandle(): RouteHandle | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.titleKey) return handle;
  }
  return null;
}

export function Header({ onOpenMenu }: { onOpenMenu?: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const handle = useRouteHandle();
  const home = homePath(session ?? {});
  const topLevel = handle?.topLevel ?? true;

  const goBack = () => {
    // Opened directly (no earlier entry in this tab): back means home, not leaving the app.
    if (location.key === 'default') navigate(home, { replace: true });
    else navigate(-1);
  };

  return (
    <Flex
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      align="center"
      gap="2"
      px={{ base: '2', md: '4' }}
      h="14"
      bg="#0b5394"
      color="white"
      boxShadow="sm"
    >
      {onOpenMenu && (
        <IconButton aria-label={t('Menu.Open')} variant="ghost" color="inherit" _hover={{ bg: 'whiteAlpha.200' }} onClick={onOpenMenu}>
          <MenuIcon />
        </IconButton>
      )}
      {topLevel ? (
        <IconButton aria-label={t('Home')} variant="ghost" color="inherit" _hover={{ bg: 'whiteAlpha.200' }} onClick={() => navigate(home)}>
          <HomeIcon />
        </IconButton>
      ) : (
        <IconButton aria-label={t('Back')} variant="ghost" color="inherit" _hover={{ bg: 'whiteAlpha.200' }} onClick={goBack}>
          <BackIcon />
        </IconButton>
      )}
      {/* A long title takes a second line on a phone rather than being cut ("Rediger rørlegge…"), at spaces
          only: no hyphenation or forced break inside a word ("Jobbde-taljer"). */}
      <Heading as="h1" size="md" flex="1" minW="0" lineClamp={2} lineHeight="1.2" fontSize={{ base: 'md', md: 'lg' }} overflowWrap="normal" hyphens="manual" data-testid="page-title">
        {handle ? t(handle.titleKey) : t('AppName')}
      </Heading>
      <HStack gap="1">
        <SyncStatus />
        <UserMenu />
      </HStack>
    </Flex>
  );
}
