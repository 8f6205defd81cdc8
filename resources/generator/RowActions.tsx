import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useState } from 'react';
import { Button, Confirm, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { ApiError, requestContent } from '../../providers/httpClient';
import { getSession } from '../../providers/sessionStore';
import {
  actionBody,
  actionPath,
  actionQuery,
  currentAnswer,
  missingMessage,
  missingPrompts,
  type PromptAnswers,
  shownActions,
  splitActions,
} from '../actionRequest';
import type { ActionDeclaration, ResourceDeclaration } from '../types';
import { DocumentRowActions } from './DocumentActions';
import { downloadApiFile } from './downloadFile';
import { PromptInput } from './PromptInput';
import { rememberReference } from './referenceOptions';
import { ValuesDialog } from './ValuesDialog';

/** The per-field messages of a refusal (content.errors), when the server names the fields. */
function errorsOf(content: unknown): Record<string, string> {
  const errors = (content as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * One declared action on one record: its button, confirm dialog with the prompt's inputs, and result. A row's
 * 操作 cell and a detail view's panels (a company's 开通进度) open the same dialog through it.
 */
export function ActionButton({
  action,
  record,
  title,
  launches,
  onDone,
}: {
  action: ActionDeclaration;
  record: Record<string, unknown>;
  title: string;
  /**
   * An action of the row's 「更多」 menu has no button of its own: it starts each time this count rises (its menu
   * entry was chosen). It lives beside the menu, not in it, so its dialogs outlive the menu and keys typed in
   * them never reach the menu's keyboard navigation.
   */
  launches?: number;
  /** Called after the action succeeds, for a panel that reads its own data (react-admin's refresh does not). */
  onDone?: () => void;
}) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  const [answers, setAnswers] = useState<PromptAnswers>({});
  const [link, setLink] = useState<string | null>(null);
  // A values result's answer while its dialog is open.
  const [values, setValues] = useState<{ content: unknown } | null>(null);
  // Messages under the dialog's inputs: an empty required one after 确定, or the server's refusal of a value.
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const prompt = action.prompt ?? [];

  // The dialog opens with the record's current values where the declaration says where to read them.
  const open = async () => {
    setConfirming(true);
    const current = prompt.filter((field) => field.current);
    if (current.length === 0) return;
    const answered = await Promise.all(
      current.map(async (field) => {
        const path = field.current?.path;
        if (!path) return [field.source, currentAnswer(field, record)] as const;
        try {
          const content = await requestContent<unknown>(actionPath({ ...action, path }, record), { silent: true });
          if (Array.isArray(content) && field.reference) {
            for (const item of content as { id: number; name: string }[]) rememberReference(field.reference, item);
          }
          return [field.source, currentAnswer(field, content)] as const;
        } catch {
          return [field.source, undefined] as const;
        }
      }),
    );
    const found = answered.filter((entry): entry is readonly [string, string | string[]] => entry[1] !== undefined);
    setAnswers((entered) => ({ ...Object.fromEntries(found), ...entered }));
  };

  const run = async () => {
    const missing = missingPrompts(prompt, answers);
    if (missing.length > 0) {
      setFieldErrors(Object.fromEntries(missing.map((field) => [field.source, missingMessage(field)])));
      return;
    }
    setFieldErrors({});
    setRunning(true);
    const path = actionPath(action, record, answers);
    try {
      if (action.result?.kind === 'file') {
        await downloadApiFile(path, `${action.label}-${record.id}`);
        setConfirming(false);
        return;
      }
      const content = await requestContent<Record<string, unknown> | null>(path, {
        method: action.method,
        json: action.method === 'GET' ? undefined : actionBody(action, record, answers),
        query: actionQuery(action, record),
        silent: true,
      });
      if (action.result?.kind === 'values') {
        setValues({ content });
      } else if (action.result?.kind === 'link') {
        const value = String(content?.[action.result.field] ?? '');
        setLink(value.startsWith('/') ? `${window.location.origin}${value}` : value);
      } else {
        notify(action.success ?? `${action.label}成功`, { type: 'success' });
      }
      setConfirming(false);
      setAnswers({});
      // A read shown in a dialog changes nothing; a write that answers values (立即执行's result) changed the row.
      if (action.result?.kind !== 'values' || action.method !== 'GET') refresh();
      onDone?.();
    } catch (error) {
      const message = error instanceof ApiError || error instanceof Error ? error.message : `${action.label}失败`;
      // A refused value keeps the dialog and what was entered, with the message under the input it names.
      const named = error instanceof ApiError ? errorsOf(error.content) : {};
      setFieldErrors(named);
      notify(message, { type: 'error', autoHideDuration: 5000 });
    } finally {
      setRunning(false);
    }
  };

  const start = () => {
    if (action.confirm) void open();
    else void run();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: starts once per chosen menu entry, not on every render.
  useEffect(() => {
    if (launches) start();
  }, [launches]);

  return (
    <>
      {launches === undefined && (
        <Button
          label={action.label}
          disabled={running}
          onClick={(event) => {
            event.stopPropagation();
            start();
          }}
        />
      )}
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
                  <PromptInput
                    key={field.source}
                    field={field}
                    value={answers[field.source]}
                    error={fieldErrors[field.source]}
                    platformMark={field.referenceEdition ? Number(record[field.referenceEdition]) : undefined}
                    onChange={(value) => {
                      setAnswers((current) => ({ ...current, [field.source]: value }));
                      setFieldErrors((current) => ({ ...current, [field.source]: '' }));
                    }}
                  />
                ))}
              </Box>
            )
          }
          confirm="确定"
          cancel="取消"
          onConfirm={() => void run()}
          onClose={() => {
            if (running) return;
            setConfirming(false);
            setAnswers({});
            setFieldErrors({});
          }}
        />
      )}
      {action.result?.kind === 'values' && values && (
        <ValuesDialog
          result={action.result}
          title={`${action.result.title}「${title}」`}
          content={values.content}
          onClose={() => setValues(null)}
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

/** The 「更多」 menu of a row: each entry starts its action, whose dialogs live beside the menu. */
export function MoreActions({
  actions,
  record,
  title,
}: {
  actions: readonly ActionDeclaration[];
  record: Record<string, unknown>;
  title: string;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [launches, setLaunches] = useState<Record<string, number>>({});
  const menuId = useId();
  return (
    <>
      <Button
        label="更多"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
      />
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action.name}
            onClick={(event) => {
              event.stopPropagation();
              setAnchor(null);
              setLaunches((counts) => ({ ...counts, [action.name]: (counts[action.name] ?? 0) + 1 }));
            }}
          >
            {action.label}
          </MenuItem>
        ))}
      </Menu>
      {actions.map((action) => (
        <ActionButton
          key={action.name}
          action={action}
          record={record}
          title={title}
          launches={launches[action.name] ?? 0}
        />
      ))}
    </>
  );
}

/** The declaration's custom row actions (publish, enable, cancel …), each hidden without its codes. */
export function RowActions({ declaration }: { declaration: ResourceDeclaration }) {
  const record = useRecordContext();
  if (!record) return null;
  const actions = shownActions(declaration, record, getSession()?.user);
  const title = String(record[declaration.recordTitle] ?? record.id);
  const { inline, more } = splitActions(actions, declaration.documents ? 2 : 0);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'nowrap' }} onClick={(event) => event.stopPropagation()}>
      {declaration.documents && <DocumentRowActions documents={declaration.documents} id={record.id} title={title} />}
      {inline.map((action) => (
        <ActionButton key={action.name} action={action} record={record} title={title} />
      ))}
      {more.length > 0 && <MoreActions actions={more} record={record} title={title} />}
    </Box>
  );
}
