import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import type { MenuItem } from '../../domain/menus';

/** Links to pages the user may open (the caller picks which: the admin menu's first, a merchant's most used). */
export function Shortcuts({ items }: { items: readonly MenuItem[] }) {
  if (items.length === 0) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        快捷入口
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {items.map((item) => (
          <Button key={item.path} component={Link} to={item.path} variant="outlined" size="small">
            {item.label}
          </Button>
        ))}
      </Box>
    </Box>
  );
}
