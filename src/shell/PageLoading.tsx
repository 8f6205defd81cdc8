import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function PageLoading() {
  return (
    <Box
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '50vh' }}
      role="status"
      aria-label="页面加载中"
    >
      {/* The status box above names it; the spinner itself is decoration. */}
      <CircularProgress aria-hidden />
    </Box>
  );
}
