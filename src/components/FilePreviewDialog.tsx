import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense } from 'react';
import type { PreviewKind } from './FilePreviewLink';
import { ImagePreview } from './ImagePreview';
import { PreviewMessage } from './PreviewMessage';
import { useSignedUrl } from './useSignedUrl';

const PDF_UNAVAILABLE = '预览组件加载失败，可能是网络不稳定或系统刚刚更新，请刷新页面后重试，或点「下载」。';

// pdf.js is big: it (and the view that draws with it) loads only when the dialog opens a PDF. If its code
// cannot be fetched, the dialog says so and 下载 still works.
const PdfPreview = lazy(() =>
  import('./PdfPreview').catch(() => ({
    default: () => <PreviewMessage error>{PDF_UNAVAILABLE}</PreviewMessage>,
  })),
);

/** The preview dialog: the file's title and 关闭 above, the image or PDF view, 下载 and 关闭 below. */
export default function FilePreviewDialog({
  url,
  title,
  kind,
  onClose,
}: {
  url: string;
  title: string;
  kind: PreviewKind;
  onClose: () => void;
}) {
  const signed = useSignedUrl(url);
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="file-preview-title">
      <DialogTitle id="file-preview-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flexGrow: 1 }}>{title}</Box>
        <IconButton aria-label="关闭预览" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      {!signed && <PreviewMessage>加载中…</PreviewMessage>}
      {signed && kind === 'image' && <ImagePreview src={signed} title={title} />}
      {signed && kind === 'pdf' && (
        <Suspense fallback={<PreviewMessage>正在加载 PDF 预览…</PreviewMessage>}>
          <PdfPreview src={signed} title={title} />
        </Suspense>
      )}
      <DialogActions>
        <Button
          startIcon={<DownloadIcon />}
          disabled={!signed}
          onClick={() => signed && window.location.assign(signed)}
        >
          下载
        </Button>
        <Button onClick={onClose}>关闭</Button>
      </DialogActions>
    </Dialog>
  );
}
