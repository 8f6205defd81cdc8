import DocumentScannerIcon from '@mui/icons-material/DocumentScanner';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useRef, useState } from 'react';
import { Button } from 'react-admin';
import { requestContent } from '../../../providers/httpClient';
import { INVOICE_OCR_ACCEPT, type InvoiceOcrResult, ocrSummary } from '../../domain/invoiceOcr';

const OCR_MAX_BYTES = 10 * 1024 * 1024;

/** Sends the chosen file to POST /api/v1/invoices/ocr; nothing is stored, the form is only filled. */
export function readInvoice(file: File): Promise<InvoiceOcrResult> {
  const body = new FormData();
  body.append('file', file);
  return requestContent('/api/v1/invoices/ocr', { method: 'POST', body, silent: true });
}

/**
 * 识别发票: picks an invoice file (PDF with a text layer, OFD, XML, or a photo), has the server read it and hands
 * the result to the form; a refusal (wrong type, unreadable file) is shown under the button.
 */
export function InvoiceOcrButton({
  disabled,
  onRead,
}: {
  disabled?: boolean;
  onRead: (result: InvoiceOcrResult) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const [error, setError] = useState('');

  const read = async (file: File) => {
    if (file.size >= OCR_MAX_BYTES) {
      setError('发票文件不能超过10M');
      return;
    }
    setReading(true);
    setError('');
    try {
      onRead(await readInvoice(file));
    } catch (failure) {
      setError((failure as Error).message || '识别失败，请手工填写');
    } finally {
      setReading(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box>
        <Button
          label={reading ? '识别中…' : '识别发票'}
          disabled={disabled || reading}
          onClick={() => input.current?.click()}
        >
          <DocumentScannerIcon />
        </Button>
      </Box>
      <input
        ref={input}
        type="file"
        hidden
        aria-label="识别发票"
        accept={INVOICE_OCR_ACCEPT}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (chosen) void read(chosen);
        }}
      />
      {error && (
        <Alert severity="error" variant="outlined">
          {error}
        </Alert>
      )}
    </Box>
  );
}

/** What was read (label：value) and what was not, under the form the result filled. */
export function InvoiceOcrReport({ result, warnings }: { result: InvoiceOcrResult; warnings: readonly string[] }) {
  const { read, missing } = ocrSummary(result);
  return (
    <Alert severity={read.length === 0 ? 'warning' : warnings.length > 0 ? 'warning' : 'info'} variant="outlined">
      <Box data-testid="invoice-ocr-report" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        {read.length > 0 ? (
          <span>{`已识别：${read.join('；')}`}</span>
        ) : (
          <span>{result.note ?? '未能从该文件识别出发票信息，请手工填写'}</span>
        )}
        {read.length > 0 && missing.length > 0 && <span>{`未能识别：${missing.join('、')}，请核对后手工填写`}</span>}
        {read.length > 0 && result.note && <span>{result.note}</span>}
        {warnings.map((warning) => (
          <span key={warning}>{warning}</span>
        ))}
      </Box>
    </Alert>
  );
}
