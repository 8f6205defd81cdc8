import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { requestContent } from '../../providers/httpClient';
import { ROLE } from '../domain/roles';
import { canOpenPath } from '../domain/visibleMenu';
import { useSession } from '../layout/useSession';

/** Set once the reminder was closed: it does not come back in the same browser session for that user. */
export const unpaidInvoiceDismissedKey = (userId: number | undefined) => `notInvoiceReminderClosed:${userId ?? ''}`;
export const UNPAID_INVOICE_MESSAGE = '您有发票未申请，请及时申请';

/**
 * Spec §2: for role 2, GET /api/v1/remittances/batch/notinvoice/{companyId}; when it answers true the reminder
 * stays until closed. It links to the edition's invoice application page, and shows only to users who may open it.
 */
export function UnpaidInvoiceReminder() {
  const session = useSession();
  const [show, setShow] = useState(false);
  const companyId = session?.user.properties.cid;
  const userId = session?.user.id;
  const applyPath = session?.platformMark === 1 ? '/applyInvoice' : '/smallApplyInvoice';
  // Only for whoever may apply: a sub-account without the invoice page gets no reminder leading to 无权限.
  const merchant = session?.user.properties.rid === ROLE.merchant && canOpenPath(session?.user, applyPath);

  useEffect(() => {
    if (!merchant || !companyId || sessionStorage.getItem(unpaidInvoiceDismissedKey(userId))) return;
    let live = true;
    requestContent<boolean>(`/api/v1/remittances/batch/notinvoice/${companyId}`, {
      silent: true,
      background: true,
    }).then(
      (pending) => live && setShow(pending === true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [merchant, companyId, userId]);

  if (!show) return null;
  return (
    <Alert
      severity="warning"
      role="alert"
      sx={{ mt: 1 }}
      onClose={() => {
        sessionStorage.setItem(unpaidInvoiceDismissedKey(userId), '1');
        setShow(false);
      }}
    >
      {UNPAID_INVOICE_MESSAGE}{' '}
      <Link component={RouterLink} to={applyPath}>
        去申请开票
      </Link>
    </Alert>
  );
}
