import { useState } from 'react';
import { Button, useListContext, useNotify } from 'react-admin';
import { permissionsNow } from '../../../providers/authProvider';
import { listRequest } from '../../../providers/listRequest';
import { useRowSelection } from '../../../resources/generator/DocumentActions';
import { downloadApiFile } from '../../../resources/generator/downloadFile';
import type { ResourceDeclaration } from '../../../resources/types';

/** Who may pay (/remit) may take the roster as a payout file: it carries full ID and card numbers. */
const REMIT_CODE = 'MER_INVOICE_APPLY';

/**
 * 导出打款模板 on /signUser: the signed workers picked in the list, or all the list's filters find, as the batch payout
 * template /remit reads (POST /api/v1/workers/payout_template), amounts left for the merchant to fill in.
 */
export function PayoutTemplateButton({ declaration }: { declaration: ResourceDeclaration }) {
  const { filterValues, sort } = useListContext();
  const { selectedIds } = useRowSelection();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!permissionsNow().includes(REMIT_CODE)) return null;
  const run = async () => {
    setBusy(true);
    try {
      const { query, q } = listRequest(declaration.api, {
        filter: filterValues,
        sort,
        pagination: { page: 1, perPage: 1 },
      });
      await downloadApiFile(
        '/api/v1/workers/payout_template',
        '批量打款模板-已签署人员.xlsx',
        { format: 'xlsx', sort: query.sort },
        { ids: selectedIds },
        q,
      );
      notify('打款模板已下载：填写每人的金额后，到「批量打款」上传即可', { type: 'success', autoHideDuration: 6000 });
    } catch (error) {
      notify(error instanceof Error ? error.message : '导出失败，请稍后再试', {
        type: 'error',
        autoHideDuration: 6000,
      });
    } finally {
      setBusy(false);
    }
  };
  const label = selectedIds.length > 0 ? `导出打款模板（已选 ${selectedIds.length} 人）` : '导出打款模板';
  return <Button label={busy ? '导出中…' : label} disabled={busy} onClick={() => void run()} />;
}
