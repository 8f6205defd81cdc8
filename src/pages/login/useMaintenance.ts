import { useEffect, useState } from 'react';
import { requestContent } from '../../../providers/httpClient';

export interface MaintenanceWindow {
  active: boolean;
  title: string | null;
  startTime: string | null;
  endTime: string | null;
}

/** The active maintenance window (GET /api/v1/system/upgradehtml/status), unless /login?index bypasses it. */
export function useMaintenance(bypass: boolean): MaintenanceWindow | null {
  const [window, setWindow] = useState<MaintenanceWindow | null>(null);
  useEffect(() => {
    if (bypass) return;
    let cancelled = false;
    requestContent<MaintenanceWindow>('/api/v1/system/upgradehtml/status', { silent: true, background: true })
      .then((status) => {
        if (!cancelled) setWindow(status.active ? status : null);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [bypass]);
  return window;
}
