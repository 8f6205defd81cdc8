import ImageIcon from '@mui/icons-material/Image';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useInput } from 'react-admin';
import { ApiError, requestContent } from '../../providers/httpClient';
import { validateImageFile } from '../../src/domain/validation';
import { ArticleBody } from '../../src/help/ArticleBody';
import type { FieldDeclaration } from '../types';
import { useValidationMessage } from './validationMessage';
import { fieldValidators } from './validators';

/**
 * A Markdown body: the text, a button that uploads an image (POST /api/v1/common/uploadfiles) and inserts it at
 * the cursor, and a preview the server renders and sanitises exactly as it will be shown (`editor.previewPath`).
 */
export function MarkdownInput({ field }: { field: FieldDeclaration }) {
  const { field: input, fieldState } = useInput({ source: field.source, validate: fieldValidators(field) });
  const errorText = useValidationMessage(fieldState.error?.message);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [tab, setTab] = useState<'edit' | 'preview'>('edit');
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const value = typeof input.value === 'string' ? input.value : '';

  const insertAtCursor = (text: string) => {
    const area = textArea.current;
    const start = area?.selectionStart ?? value.length;
    const end = area?.selectionEnd ?? value.length;
    input.onChange(`${value.slice(0, start)}${text}${value.slice(end)}`);
  };

  const uploadImage = async (file: File) => {
    const message = validateImageFile(file.name, file.size);
    if (message) {
      setError(message);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const body = new FormData();
      body.append('kind', 'image');
      body.append('file', file);
      const uploaded = await requestContent<{ url: string; name: string }>('/api/v1/common/uploadfiles', {
        method: 'POST',
        body,
        silent: true,
      });
      const alt = uploaded.name.replace(/\.[^.]+$/, '').replace(/[[\]]/g, '');
      insertAtCursor(`\n![${alt}](${uploaded.url})\n`);
    } catch (failure) {
      setError(failure instanceof ApiError || failure instanceof Error ? failure.message : '上传失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  };

  const showPreview = async () => {
    setTab('preview');
    setPreview(null);
    try {
      const answer = await requestContent<{ html: string }>(field.editor?.previewPath ?? '', {
        method: 'POST',
        json: { body: value },
        silent: true,
      });
      setPreview(answer.html);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : '预览失败，请稍后再试');
    }
  };

  return (
    <Box sx={{ mb: 2, width: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {field.label}
        </Typography>
        <Tabs value={tab} onChange={(_event, next) => (next === 'preview' ? showPreview() : setTab('edit'))}>
          <Tab value="edit" label="编辑" />
          <Tab value="preview" label="预览" />
        </Tabs>
        <Button
          size="small"
          startIcon={<ImageIcon />}
          disabled={busy || tab !== 'edit'}
          onClick={() => fileInput.current?.click()}
        >
          {busy ? '上传中…' : '插入图片'}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".jpg,.jpeg,.png"
          hidden
          data-testid="markdown-image-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void uploadImage(file);
          }}
        />
      </Box>
      {error && (
        <Alert severity="error" sx={{ my: 1 }}>
          {error}
        </Alert>
      )}
      {tab === 'edit' ? (
        <TextField
          inputRef={textArea}
          value={value}
          onChange={(event) => input.onChange(event.target.value)}
          onBlur={input.onBlur}
          multiline
          minRows={12}
          fullWidth
          label={field.label}
          error={!!fieldState.error}
          helperText={
            errorText ?? '支持 Markdown：# 标题、**加粗**、- 列表、[链接](https://…)；图片请用“插入图片”上传。'
          }
          slotProps={{ htmlInput: { 'aria-label': field.label, style: { fontFamily: 'monospace' } } }}
        />
      ) : (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minHeight: 240 }} aria-label="预览">
          {preview === null ? (
            <Typography color="text.secondary">正在生成预览…</Typography>
          ) : (
            <ArticleBody html={preview} />
          )}
        </Box>
      )}
    </Box>
  );
}
