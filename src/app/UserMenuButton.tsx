/** The user menu's button: the menu's trigger, and its stand-in until the menu's code has loaded. */
import { Button, Text, type ButtonProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AccountIcon, ChevronDownIcon, useIsMobile } from '../ui';

export function UserMenuButton({ name, ...props }: ButtonProps & { name: string }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Button
      variant="ghost" color="inherit" _hover={{ bg: 'whiteAlpha.200' }} _expanded={{ bg: 'whiteAlpha.200' }} px="2"
      // Where the name shows, the accessible name starts with it (WCAG 2.5.3).
      aria-label={isMobile ? t('UserMenu') : `${name}, ${t('UserMenu')}`}
      {...props}
    >
      <AccountIcon boxSize="1.5em" />
      {!isMobile && <Text maxW="12rem" truncate>{name}</Text>}
      <ChevronDownIcon />
    </Button>
  );
}
