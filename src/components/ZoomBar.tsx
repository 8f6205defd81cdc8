import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';

/** The zoom steps of the preview dialog, 1 being the file's own size. */
export const ZOOMS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;

/**
 * The step above / below a scale that may lie between steps (适合宽度 gives any scale): at least 10 % away, so a
 * fitted 145 % goes to 200 %, not to a 150 % that looks the same.
 */
export function zoomStep(scale: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOMS.find((step) => step > scale * 1.1) ?? ZOOMS[ZOOMS.length - 1];
  return [...ZOOMS].reverse().find((step) => step < scale / 1.1) ?? ZOOMS[0];
}

/** 缩小 / the scale (click: 实际大小) / 放大, and whatever the view adds (适合宽度, pages). */
export function ZoomBar({
  scale,
  onScale,
  children,
}: {
  scale: number;
  onScale: (scale: number) => void;
  children?: ReactNode;
}) {
  return (
    <Box
      role="toolbar"
      aria-label="预览工具栏"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 3, pb: 1, flexWrap: 'wrap' }}
    >
      <IconButton aria-label="缩小" disabled={scale <= ZOOMS[0]} onClick={() => onScale(zoomStep(scale, -1))}>
        <ZoomOutIcon />
      </IconButton>
      <Button size="small" aria-label="实际大小" onClick={() => onScale(1)} sx={{ minWidth: 56 }}>
        {Math.round(scale * 100)}%
      </Button>
      <IconButton
        aria-label="放大"
        disabled={scale >= ZOOMS[ZOOMS.length - 1]}
        onClick={() => onScale(zoomStep(scale, 1))}
      >
        <ZoomInIcon />
      </IconButton>
      {children}
    </Box>
  );
}
