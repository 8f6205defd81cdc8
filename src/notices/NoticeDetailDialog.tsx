import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { DownloadLink } from '../components/DownloadLink';
import { FilePreviewLink, previewKind } from '../components/FilePreviewLink';
import { useSignedUrl } from '../components/useSignedUrl';
import { acknowledgeNotice, fetchNotice, type Notice } from './noticeApi';

interface Props {
  notice: Notice | null;
  onClose: () => void;
  /** Called after the notice was acknowledged (marked read). */
  onRead: (id: number) => void;
}

/** Notice detail (spec §2): title, image, attachment, publisher, release date, acknowledge. 600 px wide. */
export function NoticeDetailDialog({ notice, onClose, onRead }: Props) {
  const [detail, setDetail] = useState<Notice | null>(notice);
  const [saving, setSaving] = useState(false);
  const image = useSignedUrl(detail?.url);

  useEffect(() => {
    setDetail(notice);
    if (notice)
      fetchNotice(notice.id).then(
        (full) => setDetail({ ...notice, ...full }),
        () => undefined,
      );
  }, [notice]);

  if (!notice || !detail) return null;
  const annexKind = detail.annexUrl ? previewKind(detail.annexUrl, false) : null;
  const read = notice.isRead !== 0;
  return (
    <Dialog
      open
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 600, maxWidth: '95vw' } } }}
      aria-labelledby="notice-title"
    >
      <DialogTitle id="notice-title">{detail.title}</DialogTitle>
      <DialogContent dividers>
        {image && (
          <Box component="img" src={image} alt={detail.title} sx={{ maxWidth: '100%', mb: 2, display: 'block' }} />
        )}
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{detail.body}</Typography>
        {detail.annexUrl && (
          <Box sx={{ mt: 2 }}>
            附件：<DownloadLink url={detail.annexUrl}>{detail.annexName || '下载附件'}</DownloadLink>
            {annexKind && (
              <>
                {' '}
                <FilePreviewLink url={detail.annexUrl} title={detail.annexName || '附件'} kind={annexKind}>
                  预览
                </FilePreviewLink>
              </>
            )}
          </Box>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          发布人：{detail.publisher ?? '平台'} · 发布日期：{detail.releaseTime ?? ''}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>关闭</Button>
        <Button
          variant="contained"
          disabled={read || saving}
          onClick={async () => {
            setSaving(true);
            try {
              await acknowledgeNotice(notice.id);
              onRead(notice.id);
              onClose();
            } catch {
              // the http client already showed the server's message
            } finally {
              setSaving(false);
            }
          }}
        >
          {read ? '已读' : '我知道了'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
