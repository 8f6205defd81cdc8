import Button from '@mui/material/Button';
import { useState } from 'react';
import { showToast } from '../../shell/toast';

/**
 * 导出 Excel on a statistics page: runs the page's download (answering the file's name), says 导出中… meanwhile
 * and tells the outcome in a toast.
 */
export function ExportExcelButton({
  download,
  disabled,
  label = '导出 Excel',
}: {
  download: () => Promise<string>;
  disabled?: boolean;
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      showToast(`已导出 ${await download()}`, 'success');
    } catch (error) {
      showToast((error as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" onClick={() => void run()} disabled={disabled || busy}>
      {busy ? '导出中…' : label}
    </Button>
  );
}
