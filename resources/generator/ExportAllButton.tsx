import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { Button, useDataProvider, useListContext, useNotify } from 'react-admin';
import type { ResourceDeclaration } from '../types';
import { exportAll } from './exportCsv';

/** Exports all filtered rows to a CSV that Excel opens with Chinese intact. */
export function ExportAllButton({ declaration }: { declaration: ResourceDeclaration }) {
  const dataProvider = useDataProvider();
  const { filterValues, sort, total } = useListContext();
  const notify = useNotify();
  const [progress, setProgress] = useState<string | null>(null);
  return (
    <Button
      label={progress ?? '导出'}
      disabled={progress !== null || !total}
      onClick={async () => {
        setProgress('导出中…');
        try {
          await exportAll(dataProvider, declaration, filterValues, sort, (done, all) =>
            setProgress(`导出中 ${done}/${all}`),
          );
          notify(`已导出 ${total} 条${declaration.label}`, { type: 'success' });
        } catch (error) {
          notify((error as Error).message || '导出失败，请稍后再试', { type: 'error', autoHideDuration: 5000 });
        } finally {
          setProgress(null);
        }
      }}
    >
      <DownloadIcon />
    </Button>
  );
}
