import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Button, Confirm, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { ApiError, requestContent } from '../../providers/httpClient';
import { getSession } from '../../providers/sessionStore';
import { hasAnyPermission } from '../../src/domain/permissions';
import type { ActionDeclaration, ResourceDeclaration } from '../types';
import { downloadApiFile } from './downloadFile';

function visible(action: ActionDeclaration, record: Record<string, unknown>): boolean {
  if (!action.visibleWhen) return true;
  return action.visibleWhen.in.some((value) => String(value) === String(record[action.visibleWhen!.field]));
}

function permitted(action: ActionDeclaration, declaration: ResourceDeclaration): boolean {
  const codes = action.permissions ?? declaration.permissions.edit ?? declaration.permissions.list;
  return hasAnyPermission(getSession()?.user, codes);
}

function ActionButton({
  action,
  record,
  title,
}: {
  action: ActionDeclaration;
  record: Record<string, unknown>;
  title: string;
}) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [link, setLink] = useState<string | null>(null);
  const prompt = action.prompt ?? [];
  const missing = prompt.some((field) => field.required && !answers[field.source]?.trim());

  const run = async () => {
    if (missing) return;
    setRunning(true);
    const entered = Object.fromEntries(
      prompt
        .filter((field) => answers[field.source]?.trim())
        .map((field) => [
          field.source,
          field.type === 'number' ? Number(answers[field.source]) : answers[field.source].trim(),
        ]),
    );
    const path = action.path.replace(':id', encodeURIComponent(String(record.id)));
    try {
      if (action.result?.kind === 'file') {
        await downloadApiFile(path, `${action.label}-${record.id}`);
        return;
      }
      const content = await requestContent<Record<string, unknown> | null>(path, {
        method: action.method,
        json: action.method === 'GET' ? undefined : { ...(action.body ?? {}), ...entered },
        query: action.query,
        silent: true,
      });
      if (action.result?.kind === 'link') {
        const value = String(content?.[action.result.field] ?? '');
        setLink(value.startsWith('/') ? `${window.location.origin}${value}` : value);
      } else {
        notify(`${action.label}成功`, { type: 'success' });
      }
      refresh();
    } catch (error) {
      notify(error instanceof ApiError || error instanceof Error ? error.message : `${action.label}失败`, {
        type: 'error',
        autoHideDuration: 5000,
      });
    } finally {
      setRunning(false);
      setConfirming(false);
    }
  };

  return (
    <>
      <Button
        label={action.label}
        disabled={running}
        onClick={(event) => {
          event.stopPropagation();
          if (action.confirm) setConfirming(true);
          else void run();
        }}
      />
      {action.confirm && (
        <Confirm
          isOpen={confirming}
          loading={running}
          title={`${action.label}「${title}」`}
          content={
            prompt.length === 0 ? (
              action.confirm
            ) : (
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
                {action.confirm}
                {prompt.map((field) => (
                  <TextField
                    key={field.source}
                    label={field.label}
                    required={field.required}
                    type={field.type === 'number' ? 'number' : 'text'}
                    size="small"
                    value={answers[field.source] ?? ''}
                    onChange={(event) => setAnswers({ ...answers, [field.source]: event.target.value })}
                  />
                ))}
              </Box>
            )
          }
          confirm="确定"
          cancel="取消"
          onConfirm={() => void run()}
          onClose={() => setConfirming(false)}
        />
      )}
      {action.result?.kind === 'link' && (
        <Dialog open={link !== null} onClose={() => setLink(null)} fullWidth maxWidth="sm">
          <DialogTitle>{`${action.result.title}「${title}」`}</DialogTitle>
          <DialogContent>
            <TextField
              label={action.result.title}
              value={link ?? ''}
              fullWidth
              sx={{ mt: 1 }}
              slotProps={{ input: { readOnly: true } }}
              onFocus={(event) => event.target.select()}
            />
          </DialogContent>
          <DialogActions>
            <Button
              label="复制链接"
              onClick={() => {
                // navigator.clipboard is missing outside secure contexts (plain http).
                Promise.resolve()
                  .then(() => navigator.clipboard.writeText(link ?? ''))
                  .then(() => notify('已复制', { type: 'success' }))
                  .catch(() => notify('复制失败，请手动选中复制', { type: 'warning' }));
              }}
            />
            <Button label="关闭" onClick={() => setLink(null)} />
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}

/** The declaration's custom row actions (publish, enable, cancel …), each hidden without its codes. */
export function RowActions({ declaration }: { declaration: ResourceDeclaration }) {
  const record = useRecordContext();
  if (!record) return null;
  const actions = (declaration.actions ?? []).filter(
    (action) => visible(action, record) && permitted(action, declaration),
  );
  const title = String(record[declaration.recordTitle] ?? record.id);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'nowrap' }} onClick={(event) => event.stopPropagation()}>
      {actions.map((action) => (
        <ActionButton key={action.name} action={action} record={record} title={title} />
      ))}
    </Box>
  );
}
