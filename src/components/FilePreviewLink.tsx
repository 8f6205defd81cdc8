import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useSignedUrl } from './useSignedUrl';

const ZOOMS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;

/**
 * A stored file is previewed when the app can show it: images. A PDF downloads at once: the app's CSP allows no
 * blob: frame to show it in, and a dialog that only says 请下载后查看 is one click more for nothing.
 */
export function canPreview(url: string, isImage: boolean): boolean {
  if (isImage) return true;
  const name = decodeURIComponent(/[?&]rn=([^&]+)/.exec(url)?.[1] ?? url).toLowerCase();
  return /\.(png|jpe?g|gif|webp)$/.test(name);
}

function PreviewDialog({ url, title, onClose }: { url: string; title: string; onClose: () => void }) {
  const signed = useSignedUrl(url);
  const [zoom, setZoom] = useState(3);
  const scale = ZOOMS[zoom];
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="file-preview-title">
      <DialogTitle id="file-preview-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flexGrow: 1 }}>{title}</Box>
        <IconButton aria-label="缩小" disabled={zoom === 0} onClick={() => setZoom(zoom - 1)}>
          <ZoomOutIcon />
        </IconButton>
        <Button size="small" aria-label="实际大小" onClick={() => setZoom(3)} sx={{ minWidth: 56 }}>
          {Math.round(scale * 100)}%
        </Button>
        <IconButton aria-label="放大" disabled={zoom === ZOOMS.length - 1} onClick={() => setZoom(zoom + 1)}>
          <ZoomInIcon />
        </IconButton>
        <IconButton aria-label="关闭预览" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ height: '70vh', overflow: 'auto', bgcolor: 'grey.100', p: 0 }}>
        {!signed && <Typography sx={{ p: 2 }}>加载中…</Typography>}
        {signed && (
          <Box
            sx={{
              minWidth: '100%',
              minHeight: '100%',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <img
              src={signed}
              alt={title}
              style={{
                display: 'block',
                // Fits the dialog at 100 %; zooming scales from there and the dialog scrolls.
                maxWidth: scale <= 1 ? `${scale * 100}%` : 'none',
                width: scale > 1 ? `${scale * 100}%` : undefined,
                maxHeight: scale <= 1 ? `${scale * 100}%` : 'none',
              }}
            />
          </Box>
        )}
      </DialogContent>
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

/**
 * 查看图片 opens the file in a dialog with zoom, so finance sees a voucher before confirming it; 下载 stays
 * in the dialog. Files the browser cannot show are downloaded as before (DownloadLink).
 */
export function FilePreviewLink({ url, title, children }: { url: string; title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Link
        component="button"
        type="button"
        onClick={(event: React.MouseEvent) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {children}
      </Link>
      {open && (
        // Clicks inside the dialog must not reach the row (row click opens the record).
        <Box component="span" onClick={(event) => event.stopPropagation()}>
          <PreviewDialog url={url} title={title} onClose={() => setOpen(false)} />
        </Box>
      )}
    </>
  );
}
