import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import { useState } from 'react';
import { ZoomBar } from './ZoomBar';

/** An image in the preview dialog: fits the dialog at 100 %; zooming scales from there and the dialog scrolls. */
export function ImagePreview({ src, title }: { src: string; title: string }) {
  const [scale, setScale] = useState(1);
  return (
    <>
      <ZoomBar scale={scale} onScale={setScale} />
      <DialogContent dividers sx={{ height: '70vh', overflow: 'auto', bgcolor: 'grey.100', p: 0 }}>
        <Box
          sx={{ minWidth: '100%', minHeight: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        >
          <img
            src={src}
            alt={title}
            style={{
              display: 'block',
              maxWidth: scale <= 1 ? `${scale * 100}%` : 'none',
              width: scale > 1 ? `${scale * 100}%` : undefined,
              maxHeight: scale <= 1 ? `${scale * 100}%` : 'none',
            }}
          />
        </Box>
      </DialogContent>
    </>
  );
}
