/** The user menu itself (spec 1 §2), loaded after the first screen by UserMenu. */
import { Box, Menu, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { logout } from '../features/auth';
import type { Session } from '../data/session';
import { LANGUAGES, setLanguage, type Language } from '../i18n';
import { confirm, LogoutIcon, snackbar } from '../ui';
import { UserMenuButton } from './UserMenuButton';

export default function UserMenuDropdown({ session, defaultOpen }: { session: Session; defaultOpen: boolean }) {
  const { t, i18n } = useTranslation();

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
    <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>
        <UserMenuButton name={session.name} />
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
