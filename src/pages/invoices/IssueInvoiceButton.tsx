import UploadIcon from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { Button, Confirm, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { getSession } from '../../../providers/sessionStore';
import type { ActionDeclaration } from '../../../resources/types';
import { type InvoiceOcrResult, invoiceNumberPlan, ocrMismatches } from '../../domain/invoiceOcr';
import { hasAnyPermission } from '../../domain/permissions';
import { InvoiceOcrButton, InvoiceOcrReport } from './InvoiceOcrButton';
import { issueInvoice, uploadDocument } from './invoiceApi';

const DOCUMENT_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'];
const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ISSUE_MSG = {
  nothing: '请填写发票号码或上传发票文件',
  file: '请上传小于10M的PDF、JPG或PNG格式的发票文件',
} as const;

/** The file check the server repeats: PDF, JPG or PNG under 10 MB. */
export function documentFileProblem(name: string, size: number): string | undefined {
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  return DOCUMENT_EXTENSIONS.includes(extension) && size < DOCUMENT_MAX_BYTES ? undefined : ISSUE_MSG.file;
}

/**
 * 开票 on a list row: the invoice number and/or the invoice file (uploaded first, then named in the issue call).
 * Shown like the declaration's other row actions: on rows matching visibleWhen, for holders of its codes.
 */
export function IssueInvoiceButton({ action }: { action: ActionDeclaration }) {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const fileInput = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [invoiceNumber, setInvoiceNumber] = useState('');
  const [file, setFile] = useState<{ url: string; name: string } | null>(null);
  const [error, setError] = useState<string>();
  const [ocr, setOcr] = useState<InvoiceOcrResult | null>(null);
  // A read number that differs from the typed one waits for the operator's choice.
  const [replacing, setReplacing] = useState<{ typed: string; read: string } | null>(null);

  if (!record) return null;
  const when = action.visibleWhen;
  if (when && !when.in.some((value) => String(value) === String(record[when.field]))) return null;
  if (!hasAnyPermission(getSession()?.user, action.permissions ?? [])) return null;

  const close = () => {
    setOpen(false);
    setInvoiceNumber('');
    setFile(null);
    setError(undefined);
    setOcr(null);
    setReplacing(null);
  };

  /** Fills what the invoice says; a number the operator already typed is replaced only when they say so. */
  const applyOcr = (result: InvoiceOcrResult) => {
    setOcr(result);
    setError(undefined);
    const plan = invoiceNumberPlan(invoiceNumber, result.fields.invoiceNumber);
    if (plan.kind === 'fill') setInvoiceNumber(plan.value);
    setReplacing(plan.kind === 'ask' ? { typed: plan.typed, read: plan.read } : null);
  };

  const upload = async (chosen: File) => {
    const problem = documentFileProblem(chosen.name, chosen.size);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const uploaded = await uploadDocument(chosen);
      setFile({ url: uploaded.url, name: uploaded.name });
    } catch (failure) {
      setError((failure as Error).message || '上传失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    if (!invoiceNumber.trim() && !file) {
      setError(ISSUE_MSG.nothing);
      return;
    }
    setBusy(true);
    try {
      await issueInvoice(record.id, {
        invoiceNumber: invoiceNumber.trim() || undefined,
        fileUrl: file?.url,
      });
      notify('开票成功', { type: 'success' });
      close();
      refresh();
    } catch (failure) {
      setError((failure as Error).message || '开票失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        label={action.label}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      />
      <Confirm
        isOpen={open}
        loading={busy}
        title={`${action.label}「${String(record.applyNo ?? record.id)}」`}
        content={
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1, minWidth: 360 }}>
            <Typography variant="body2">{action.confirm}</Typography>
            <TextField
              label="发票号码"
              size="small"
              value={invoiceNumber}
              onChange={(event) => {
                setInvoiceNumber(event.target.value);
                setReplacing(null);
              }}
            />
            {replacing && (
              <Box role="alert" sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="body2">
                  {`已填写的发票号码 ${replacing.typed} 与识别结果 ${replacing.read} 不同，是否替换？`}
                </Typography>
                <Button
                  label="替换"
                  onClick={() => {
                    setInvoiceNumber(replacing.read);
                    setReplacing(null);
                  }}
                />
                <Button label="保留已填写" onClick={() => setReplacing(null)} />
              </Box>
            )}
            <InvoiceOcrButton disabled={busy} onRead={applyOcr} />
            {ocr && (
              <InvoiceOcrReport
                result={ocr}
                warnings={ocrMismatches(ocr.fields, { total: record.total, title: record.title })}
              />
            )}
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <Button
                label={busy ? '上传中…' : file ? '重新上传' : '上传发票文件'}
                disabled={busy}
                onClick={() => fileInput.current?.click()}
              >
                <UploadIcon />
              </Button>
              {file && <Typography variant="body2">{file.name}</Typography>}
            </Box>
            <input
              ref={fileInput}
              type="file"
              hidden
              aria-label="上传发票文件"
              accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                event.target.value = '';
                if (chosen) void upload(chosen);
              }}
            />
            {error && <FormHelperText error>{error}</FormHelperText>}
          </Box>
        }
        confirm="确定开票"
        cancel="取消"
        onConfirm={() => void submit()}
        onClose={close}
      />
    </>
  );
}
