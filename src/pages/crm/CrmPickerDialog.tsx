import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { requestContent } from '../../../providers/httpClient';

export interface CrmRecordRow {
  crmId: string;
  name: string;
  detail: Record<string, unknown>;
  boundSubsidiaryId?: number | null;
}

interface CrmPickerDialogProps {
  title: string;
  /** The CRM search call (answers a page of CRM records; q=name:). */
  searchPath: string;
  /** Why a record cannot be picked (bound elsewhere), or null. */
  unavailable?: (row: CrmRecordRow) => string | null;
  onPick: (row: CrmRecordRow) => Promise<void>;
  onClose: () => void;
}

/** Search the CRM by name and pick one record (subsidiary binding, company binding). */
export function CrmPickerDialog({ title, searchPath, unavailable, onPick, onClose }: CrmPickerDialogProps) {
  const [name, setName] = useState('');
  const [rows, setRows] = useState<CrmRecordRow[] | null>(null);
  const [picked, setPicked] = useState<CrmRecordRow | null>(null);
  const [busy, setBusy] = useState(false);
  const search = async (text: string) => {
    try {
      const page = await requestContent<{ content: CrmRecordRow[] }>(searchPath, {
        q: { name: text.trim() },
        query: { page: 0, size: 50 },
      });
      setRows(page.content);
    } catch {
      setRows([]);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first search runs once, on opening
  useEffect(() => {
    void search('');
  }, []);
  const confirm = async () => {
    if (!picked) return;
    setBusy(true);
    try {
      await onPick(picked);
      onClose();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" onClick={(event) => event.stopPropagation()}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1, pt: '8px !important' }}>
        <form
          style={{ display: 'flex', gap: 8 }}
          onSubmit={(event) => {
            event.preventDefault();
            void search(name);
          }}
        >
          <TextField
            label="CRM名称"
            size="small"
            value={name}
            onChange={(event) => setName(event.target.value)}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="outlined">
            查询CRM
          </Button>
        </form>
        {rows?.length === 0 && <Typography color="text.secondary">CRM中没有符合条件的记录</Typography>}
        <List dense aria-label="CRM查询结果" sx={{ maxHeight: 320, overflow: 'auto' }}>
          {rows?.map((row) => {
            const reason = unavailable?.(row) ?? null;
            return (
              <ListItemButton
                key={row.crmId}
                selected={picked?.crmId === row.crmId}
                disabled={reason !== null}
                onClick={() => setPicked(row)}
              >
                <ListItemText primary={row.name} secondary={reason ?? row.crmId} />
              </ListItemButton>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" disabled={!picked || busy} onClick={() => void confirm()}>
          确定绑定
        </Button>
      </DialogActions>
    </Dialog>
  );
}
