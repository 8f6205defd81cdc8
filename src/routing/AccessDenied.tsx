import BlockIcon from '@mui/icons-material/Block';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '../domain/codes';

/** What a user sees on a page whose permission they lack (spec §2). */
export function AccessDenied() {
  return (
    <Box sx={{ textAlign: 'center', mt: 10 }} role="alert">
      <BlockIcon color="error" sx={{ fontSize: 64 }} />
      <Typography variant="h5" sx={{ mt: 2 }}>
        {MESSAGES.forbidden}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        如需开通，请联系管理员分配权限。
      </Typography>
    </Box>
  );
}
