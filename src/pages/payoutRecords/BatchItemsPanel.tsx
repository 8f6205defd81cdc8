import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useRecordContext, useRefresh } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { LIVE_REFRESH_MS } from '../../../resources/generator/RefreshWhileOpen';
import { BATCH } from '../../domain/moneyEnums';
import { BatchItems } from './BatchItems';
import type { PayoutBatch } from './recordsApi';

/**
 * The batch show view's items panel (resources/custom/panels.ts): the items, paged and filtered on the server;
 * while the batch is being paid, the record and its items are read again every few seconds. A merchant is told
 * where the refunded failures went.
 */
export function BatchItemsPanel() {
  const batch = useRecordContext<PayoutBatch>();
  const refresh = useRefresh();
  const { pathname } = useLocation();
  const [version, setVersion] = useState(0);
  const processing = batch?.status === BATCH.processing;

  // Keyed on the tick (version), not on the record: a read that finds nothing changed hands back the same record
  // object, so waiting on the record would stop after the first unchanged read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the tick that schedules the next read
  useEffect(() => {
    if (!processing) return;
    const timer = setTimeout(() => {
      refresh();
      setVersion((current) => current + 1);
    }, LIVE_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [processing, version, refresh]);

  if (!batch) return null;
  const merchantView = pathname.startsWith('/paymentRecord/');
  return (
    <>
      {batch.failedCount > 0 && merchantView && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          失败的款项（金额和服务费）已退回账户余额，可在
          <Link component={RouterLink} to="/errorMoney">
            异常资金
          </Link>
          中重新打款或留存余额。
        </Typography>
      )}
      <BatchItems batch={batch} version={version} />
    </>
  );
}
