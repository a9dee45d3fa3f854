/**
 * Service worker registration and the new-version question (spec 1 §1, §9): look for a new version
 * every 60 s; when one is waiting ask with Close and Update; Update activates it and reloads.
 */
import { registerSW } from 'virtual:pwa-register';
import { SW_UPDATE_CHECK_MS } from '../domain/constants';
import i18n from '../i18n';
import { confirm } from '../ui/dialogStore';

let asking = false;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh() {
      if (asking) return;
      asking = true;
      void confirm({
        title: i18n.t('NewVersionTitle'),
        message: i18n.t('NewVersionMessage'),
        confirmText: i18n.t('Update'),
        cancelText: i18n.t('Close'),
      }).then((update) => {
        asking = false;
        if (!update) return;
        // workbox-window reloads only when the page had a worker at load; a tab that installed
        // its first worker in this visit would stay on the old code, so reload here as well.
        navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
        // Sends SKIP_WAITING to the waiting worker, which then takes control.
        void updateSW(true);
      });
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (registration.installing || !navigator.onLine) return;
        registration.update().catch(() => undefined);
      }, SW_UPDATE_CHECK_MS);
    },
  });
}
