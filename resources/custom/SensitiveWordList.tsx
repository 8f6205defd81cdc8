import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useRef, useState } from 'react';
import { Button, useCanAccess, useNotify, useRefresh } from 'react-admin';
import { request } from '../../providers/httpClient';
import { GeneratedList } from '../generator/GeneratedList';
import type { ResourceDeclaration } from '../types';

/** Largest file the browser reads for an import (the server takes 500 000 characters). */
const MAX_FILE_BYTES = 2 * 1024 * 1024;

/**
 * A sensitive-word list (/adSensitiveWords, /topUpSideSensitiveWord): the generated list with 导入 above it,
 * which reads a .txt file (UTF-8, one word a line) and posts its text to the list's import path.
 */
export function SensitiveWordList({ declaration }: { declaration: ResourceDeclaration }) {
  const { canAccess } = useCanAccess({ resource: declaration.name, action: 'create' });
  const input = useRef<HTMLInputElement>(null);
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const importPath = `${declaration.api.create}/import`;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!/\.txt$/i.test(file.name)) {
      notify('请选择 .txt 文本文件（每行一个敏感词）', { type: 'error' });
      return;
    }
    if (file.size > MAX_FILE_BYTES) {
      notify('文件过大，请分批导入', { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      const answer = await request(importPath, { method: 'POST', json: { text: await file.text() }, silent: true });
      notify(answer.message, { type: answer.code === 1020000 ? 'success' : 'error' });
      if (answer.code === 1020000) refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : '导入失败', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      {canAccess && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, pt: 2 }}>
          <input ref={input} type="file" accept=".txt,text/plain" hidden aria-label="敏感词文件" onChange={onFile} />
          <Button
            label={busy ? '正在导入…' : '从文本文件导入'}
            disabled={busy}
            onClick={() => input.current?.click()}
          />
          <Typography variant="body2" color="text.secondary">
            UTF-8 编码的 .txt 文件，每行一个敏感词；已存在的词自动跳过。匹配时不区分大小写和全角半角。
          </Typography>
        </Box>
      )}
      <GeneratedList declaration={declaration} />
    </Box>
  );
}
