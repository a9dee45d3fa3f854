/** User menu (spec 1 §2): user and customer name, language switch, Logout with confirmation. */
import { Box, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { logout } from '../features/auth';
import { useSession } from '../data/session';
import { LANGUAGES, setLanguage, type Language } from '../i18n';
import { AccountIcon, ChevronDownIcon, confirm, LogoutIcon, snackbar, useIsMobile } from '../ui';

export function UserMenu() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const isMobile = useIsMobile();
  if (!session) return null;

  const askLogout = async () => {
    const ok = await confirm({
      title: t('Logout'),
      message: t('LogoutConfirmMessage'),
      confirmText: t('Yes'),
      cancelText: t('Cancel'),
    });
    if (!ok) return;
    try {
      await logout();
    } catch {
      snackbar.error(t('LogoutFailed'));
    }
  };

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" color="inherit" _hover={{ bg: 'whiteAlpha.200' }} _expanded={{ bg: 'whiteAlpha.200' }} px="2" aria-label={t('UserMenu')}>
          <AccountIcon boxSize="1.5em" />
          {!isMobile && <Text maxW="12rem" truncate>{session.name}</Text>}
          <ChevronDownIcon />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="15rem" data-testid="user-menu">
            <Box px="3" py="2">
              <Text fontWeight="semibold" data-testid="user-name">{session.name}</Text>
              <Text fontSize="sm" color="fg.muted" data-testid="customer-name">{session.customerName}</Text>
            </Box>
            <Menu.Separator />
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{t('Language')}</Menu.ItemGroupLabel>
              <Menu.RadioItemGroup
                value={i18n.resolvedLanguage ?? i18n.language}
                onValueChange={(e) => void setLanguage(e.value as Language)}
              >
                {LANGUAGES.map((lng) => (
                  <Menu.RadioItem key={lng} value={lng}>
                    {t(`LanguageName.${lng}`)}
                    <Menu.ItemIndicator />
                  </Menu.RadioItem>
                ))}
              </Menu.RadioItemGroup>
            </Menu.ItemGroup>
            <Menu.Separator />
            <Menu.Item value="logout" onSelect={() => void askLogout()}>
              <LogoutIcon />
              {t('Logout')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
