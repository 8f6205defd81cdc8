import { useSyncExternalStore } from 'react';
import { requestContent } from '../../providers/httpClient';
import { setPlatformNames } from '../domain/editions';
import type { PublicSettings } from '../domain/platformSettings';

/**
 * 通用设置 read once at the app's start (GET /api/v1/common/settings?host=<this host>): the platform name per
 * edition (productTitle), the customer-service phone, and the filing number and image host of this host name.
 * Until it arrives (or if it fails) the built-in names stand.
 */
let current: PublicSettings | null = null;
const listeners = new Set<() => void>();

export function loadPublicSettings(): Promise<void> {
  return requestContent<PublicSettings>('/api/v1/common/settings', {
    query: { host: window.location.host },
    silent: true,
    background: true,
  }).then(
    (settings) => applyPublicSettings(settings),
    () => undefined,
  );
}

export function applyPublicSettings(settings: PublicSettings): void {
  current = settings;
  setPlatformNames(settings.platformName);
  for (const listener of listeners) listener();
}

export function usePublicSettings(): PublicSettings | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
