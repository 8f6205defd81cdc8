import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useSyncExternalStore } from 'react';
import { currentToasts, dismissToast, subscribeToasts } from './toast';

/**
 * Shows the app-wide messages of toast.ts, newest last, each for its own duration (5 s by default). They rise from
 * the bottom: a message that outlives its page (saved, then taken to the list) never covers the next page's title,
 * filters or buttons.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts);
  const toast = toasts[toasts.length - 1];
  if (!toast) return null;
  return (
    <Snackbar
      key={toast.id}
      open
      autoHideDuration={toast.durationMs}
      onClose={(_, reason) => reason !== 'clickaway' && dismissToast(toast.id)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={toast.kind} variant="filled" onClose={() => dismissToast(toast.id)} sx={{ minWidth: 280 }}>
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
