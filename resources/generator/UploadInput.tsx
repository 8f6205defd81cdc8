import UploadIcon from '@mui/icons-material/Upload';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { Button, useInput } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { ApiError, requestContent } from '../../providers/httpClient';
import { DownloadLink } from '../../src/components/DownloadLink';
import { FilePreviewLink, previewKind } from '../../src/components/FilePreviewLink';
import { useSignedUrl } from '../../src/components/useSignedUrl';
import { validateImageFile } from '../../src/domain/validation';
import type { FieldDeclaration } from '../types';
import { useValidationMessage } from './validationMessage';
import { fieldValidators } from './validators';

function ImagePreview({ url, alt }: { url: string; alt: string }) {
  const signed = useSignedUrl(url);
  return signed ? <img src={signed} alt={alt} style={{ maxHeight: 64, maxWidth: 160 }} /> : null;
}

interface Uploaded {
  id: number;
  url: string;
  name: string;
}

/**
 * An image or attachment upload: checked in the browser (jpg/jpeg/png under 10 MB for images), checked
 * again by the server, stored there; the field keeps the returned download URL.
 */
export function UploadInput({ field }: { field: FieldDeclaration }) {
  const { field: input, fieldState } = useInput({ source: field.source, validate: fieldValidators(field) });
  const validationError = useValidationMessage(fieldState.error?.message);
  const form = useFormContext();
  const fileInput = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const isImage = field.type === 'image';

  const upload = async (file: File) => {
    const message = isImage
      ? validateImageFile(file.name, file.size)
      : file.size >= 10 * 1024 * 1024
        ? '文件不能超过10M'
        : undefined;
    if (message) {
      setError(message);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const body = new FormData();
      body.append('kind', isImage ? 'image' : 'annex');
      body.append('file', file);
      const uploaded = await requestContent<Uploaded>('/api/v1/common/uploadfiles', {
        method: 'POST',
        body,
        silent: true,
      });
      input.onChange(uploaded.url);
      if (field.nameSource) form.setValue(field.nameSource, uploaded.name, { shouldDirty: true });
    } catch (failure) {
      setError(failure instanceof ApiError || failure instanceof Error ? failure.message : '上传失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  };

  const value = typeof input.value === 'string' ? input.value : '';
  const fileKind = value && !isImage ? previewKind(value, false) : null;
  const shownError = error ?? validationError;
  return (
    <Box sx={{ mb: 2, width: '100%' }}>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {field.label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Button
          label={busy ? '上传中…' : value ? '重新上传' : '选择文件'}
          disabled={busy || field.readOnly}
          onClick={() => fileInput.current?.click()}
        >
          <UploadIcon />
        </Button>
        {value && isImage && <ImagePreview url={value} alt={field.label} />}
        {value && !isImage && (
          <DownloadLink url={value}>
            {String((field.nameSource && form.getValues(field.nameSource)) || '下载附件')}
          </DownloadLink>
        )}
        {fileKind && (
          // Check the uploaded file before saving (a PDF, or an image uploaded as a file).
          <FilePreviewLink url={value} title={field.label} kind={fileKind}>
            预览
          </FilePreviewLink>
        )}
      </Box>
      <input
        ref={fileInput}
        type="file"
        hidden
        aria-label={`上传${field.label}`}
        accept={isImage ? '.jpg,.jpeg,.png,image/jpeg,image/png' : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      {shownError && <FormHelperText error>{shownError}</FormHelperText>}
    </Box>
  );
}
