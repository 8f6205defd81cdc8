import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { memo } from 'react';
import { LoadingIndicatorClasses, RefreshIconButton, useLoading } from 'react-admin';
import { useShownAfterDelay } from '../shell/useShownAfterDelay';

/**
 * react-admin's LoadingIndicator (the header's refresh button, a spinner over it while data loads), shown like the
 * loading mask only once loading has lasted 150 ms. react-admin's showed the spinner at once and rendered the
 * button again each time loading began and ended: on every list change a commit and a frame of their own between
 * the page and its rows, for a spinner seen some 30 ms.
 */
export function HeaderLoadingIndicator() {
  return <LoadingView loading={useShownAfterDelay(useLoading())} />;
}

const LoadingView = memo(function LoadingView({ loading }: { loading: boolean }) {
  return (
    <Box
      sx={{
        position: 'relative',
        [`& .${LoadingIndicatorClasses.loadedIcon}.${LoadingIndicatorClasses.loadedLoading}`]: { opacity: 0 },
        [`& .${LoadingIndicatorClasses.loader}`]: { position: 'absolute', top: '30%', left: '30%' },
      }}
    >
      <RefreshIconButton
        className={`${LoadingIndicatorClasses.loadedIcon}${loading ? ` ${LoadingIndicatorClasses.loadedLoading}` : ''}`}
      />
      {loading && (
        <CircularProgress
          className={LoadingIndicatorClasses.loader}
          color="inherit"
          size={16}
          thickness={6}
          aria-label="正在刷新数据"
        />
      )}
    </Box>
  );
});
