/** The iOS add-to-home-screen hint (spec 1 §1): iPhone/iPad, not installed, at most every 14 days. */
import { useEffect } from 'react';
import { HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { showCustom, ShareIcon } from '../ui';
import { IOS_PROMPT_KEY, shouldShowIosInstallPrompt } from './iosInstall';

function readLastShown(): string | null {
  try {
    return localStorage.getItem(IOS_PROMPT_KEY);
  } catch {
    return null;
  }
}

function rememberShown(now: Date): void {
  try {
    localStorage.setItem(IOS_PROMPT_KEY, now.toISOString());
  } catch {
    // Without storage the hint may come again next visit; nothing else depends on it.
  }
}

function isStandalone(): boolean {
  return (navigator as Navigator & { standalone?: boolean }).standalone === true
    || window.matchMedia('(display-mode: standalone)').matches;
}

export function IosInstallPrompt() {
  const { t } = useTranslation();
  useEffect(() => {
    const now = new Date();
    const device = {
      userAgent: navigator.userAgent,
      platform: navigator.platform,
      maxTouchPoints: navigator.maxTouchPoints,
      standalone: isStandalone(),
    };
    if (!shouldShowIosInstallPrompt(device, readLastShown(), now)) return;
    rememberShown(now);
    void showCustom({
      title: t('IosInstallTitle'),
      content: (
        <Text>
          {t('IosInstallStep1')}{' '}
          <HStack as="span" display="inline-flex" gap="1" verticalAlign="middle" color="blue.fg">
            <ShareIcon aria-hidden />
            <span>{t('IosInstallShare')}</span>
          </HStack>{' '}
          {t('IosInstallStep2')}
        </Text>
      ),
      confirmText: t('Close'),
    });
  }, [t]);
  return null;
}
