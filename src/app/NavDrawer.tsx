/**
 * The navigation drawer of narrow screens (below 1000 px): its code loads on the first tap on the
 * header's menu button or once the first screen is idle (Shell.tsx), not before the first screen
 * (the app shell's budget, DESIGN.md).
 */
import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavMenu } from './NavMenu';

export default function NavDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="start">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="18rem">
            <Drawer.Header>
              <Drawer.Title>{t('AppName')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body px="0" as="nav" aria-label={t('Menu.Label')}>
              <NavMenu onNavigate={() => onOpenChange(false)} />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('Close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
