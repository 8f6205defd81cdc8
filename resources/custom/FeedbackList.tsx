import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useRecordContext, useRefresh } from 'react-admin';
import { request } from '../../providers/httpClient';
import { useSignedUrl } from '../../src/components/useSignedUrl';
import { FEEDBACK_STATUS, FEEDBACK_TYPE } from '../../src/domain/feedback';
import { refreshUnreadReplies } from '../../src/notices/noticeApi';
import { GeneratedList } from '../generator/GeneratedList';
import type { ResourceDeclaration } from '../types';

function FeedbackImage({ url, index }: { url: string; index: number }) {
  const signed = useSignedUrl(url);
  return signed ? (
    <a href={signed} target="_blank" rel="noreferrer">
      <img
        src={signed}
        alt={`反馈图片${index}`}
        style={{ width: 120, height: 90, objectFit: 'cover', borderRadius: 4, border: '1px solid #ddd' }}
      />
    </a>
  ) : (
    <Box sx={{ width: 120, height: 90, bgcolor: 'grey.100', borderRadius: 1 }} />
  );
}

const nameOf = (choices: readonly { id: number; name: string }[], id: unknown) =>
  choices.find((choice) => choice.id === Number(id))?.name ?? '';

/**
 * A feedback's details under its row: text, images and the platform's reply. When the merchant opens a reply
 * it has not read, the reply is marked read (the row's 标记已读 action) and the bell's count drops.
 */
function FeedbackDetail({ declaration }: { declaration: ResourceDeclaration }) {
  const record = useRecordContext();
  const refresh = useRefresh();
  const marked = useRef(false);
  const readAction = declaration.actions?.find((action) => action.name === 'read');

  useEffect(() => {
    if (!record || !readAction || record.replyRead !== 0 || marked.current) return;
    marked.current = true;
    request(readAction.path.replace(':id', String(record.id)), { method: 'PUT', silent: true })
      .then(() => Promise.all([refreshUnreadReplies(), Promise.resolve(refresh())]))
      .catch(() => undefined);
  }, [record, readAction, refresh]);

  if (!record) return null;
  const images = [record.image1, record.image2, record.image3].filter(
    (url): url is string => typeof url === 'string' && url !== '',
  );
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1.5 }} aria-label="反馈详情">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Chip size="small" label={nameOf(FEEDBACK_TYPE, record.type)} />
        <Chip size="small" variant="outlined" label={nameOf(FEEDBACK_STATUS, record.status)} />
        <Typography variant="body2" color="text.secondary">
          提交于 {String(record.createTime ?? '')}
          {record.username ? `（${String(record.username)}）` : ''}
        </Typography>
      </Box>
      <Typography sx={{ whiteSpace: 'pre-wrap' }}>{String(record.content ?? '')}</Typography>
      {images.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1 }}>
          {images.map((url, index) => (
            <FeedbackImage key={url} url={url} index={index + 1} />
          ))}
        </Box>
      )}
      <Box sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.5 }}>
        <Typography variant="subtitle2">平台回复</Typography>
        {record.reply ? (
          <>
            <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid="feedback-reply">
              {String(record.reply)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {String(record.replyUser ?? '')} {String(record.replyTime ?? '')}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            暂无回复，我们会尽快处理。
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** /suggestionFeedback and /adSuggestion: the generated list whose rows expand into the feedback's details. */
export function FeedbackList({ declaration }: { declaration: ResourceDeclaration }) {
  return (
    <GeneratedList declaration={declaration} rowClick="expand" expand={<FeedbackDetail declaration={declaration} />} />
  );
}
