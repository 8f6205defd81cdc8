import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { Button, type RaRecord, useListContext, useNotify } from 'react-admin';
import type { ResourceDeclaration } from '../types';
import { downloadApiFile, fetchApiFile } from './downloadFile';

type Documents = NonNullable<ResourceDeclaration['documents']>;

const fileOf = (documents: Documents, id: unknown) => documents.file.replace(':id', encodeURIComponent(String(id)));

/** 预览 and 下载 of one record's document; the preview is the file itself in a dialog (PDF viewer or image). */
export function DocumentRowActions({ documents, id, title }: { documents: Documents; id: unknown; title: string }) {
  const notify = useNotify();
  const [preview, setPreview] = useState<{ url: string; image: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);

  const failed = (failure: unknown) =>
    notify(failure instanceof Error ? failure.message : '下载失败', { type: 'error', autoHideDuration: 5000 });
  const open = async () => {
    setBusy(true);
    try {
      const { blob } = await fetchApiFile(fileOf(documents, id));
      setPreview({ url: URL.createObjectURL(blob), image: blob.type.startsWith('image/') });
    } catch (failure) {
      failed(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label="预览" disabled={busy} onClick={() => void open()} />
      <Button
        label="下载"
        onClick={() => downloadApiFile(fileOf(documents, id), `${title}.pdf`, { download: 1 }).catch(failed)}
      />
      <Dialog open={preview !== null} onClose={() => setPreview(null)} fullWidth maxWidth="lg">
        <DialogTitle>{title}</DialogTitle>
        <DialogContent dividers sx={{ height: '75vh', p: 0 }}>
          {preview?.image ? (
            <img src={preview.url} alt={title} style={{ maxWidth: '100%' }} />
          ) : (
            preview && <iframe title={title} src={preview.url} style={{ width: '100%', height: '100%', border: 0 }} />
          )}
        </DialogContent>
        <DialogActions>
          <Button label="关闭" onClick={() => setPreview(null)} />
        </DialogActions>
      </Dialog>
    </>
  );
}

/** 打包下载: the selected rows' documents as one zip, or the shown rows' when none is picked (the list's toolbar). */
export function ZipDownloadButton({ documents, label }: { documents: Documents; label: string }) {
  const { selectedIds } = useContext(Selection);
  // Nothing picked: the rows the list shows (a filtered page, e.g. by 合同ID).
  const { data } = useListContext();
  const ids = selectedIds.length > 0 ? selectedIds : (data ?? []).map((record) => record.id);
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadApiFile(documents.zip, `${label}.zip`, {}, { ids });
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : '下载失败', { type: 'error', autoHideDuration: 5000 });
    } finally {
      setBusy(false);
    }
  };
  return <Button label="打包下载" disabled={busy || ids.length === 0} onClick={() => void run()} />;
}

/** The selection column's key (GeneratedList): its cells have the class column-_select. */
export const SELECT_SOURCE = '_select';

/** A row's checkbox for 打包下载, labelled on the input itself. */
export function RowSelect({ id }: { id: RaRecord['id'] }) {
  const { selectedIds, toggle } = useContext(Selection);
  return (
    <input
      type="checkbox"
      aria-label="选择此行"
      checked={selectedIds.includes(id)}
      onChange={() => toggle(id)}
      onClick={(event) => event.stopPropagation()}
    />
  );
}

/** The rows picked for 打包下载, kept by the list page itself (its rows are memoised plain rows). */
const Selection = createContext<{ selectedIds: RaRecord['id'][]; toggle: (id: RaRecord['id']) => void }>({
  selectedIds: [],
  toggle: () => undefined,
});

/** The rows picked on a list with a selection column (documents, or GeneratedList's `selectable`). */
export function useRowSelection(): { selectedIds: RaRecord['id'][] } {
  const { selectedIds } = useContext(Selection);
  return { selectedIds };
}

export function DocumentSelection({ children }: { children: ReactNode }) {
  const [selectedIds, setSelectedIds] = useState<RaRecord['id'][]>([]);
  const toggle = (id: RaRecord['id']) =>
    setSelectedIds((current) => (current.includes(id) ? current.filter((item) => item !== id) : [...current, id]));
  return <Selection.Provider value={{ selectedIds, toggle }}>{children}</Selection.Provider>;
}
