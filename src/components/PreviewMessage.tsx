import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The preview dialog's body while there is nothing to show yet (loading) or nothing it can show (an error). */
export function PreviewMessage({ children, error }: { children: ReactNode; error?: boolean }) {
  return (
    <DialogContent dividers sx={{ height: '70vh', bgcolor: 'grey.100' }}>
      <Typography role={error ? 'alert' : 'status'} color={error ? 'error' : 'text.secondary'}>
        {children}
      </Typography>
    </DialogContent>
  );
}
