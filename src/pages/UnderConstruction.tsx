import ConstructionIcon from '@mui/icons-material/Construction';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title } from 'react-admin';

/** Only for routes of the spec whose feature is not built yet (issue: "功能建设中"). */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        <Box sx={{ textAlign: 'center', py: 6 }}>
          <ConstructionIcon color="action" sx={{ fontSize: 56 }} />
          <Typography variant="h6" sx={{ mt: 2 }}>
            {title}：功能建设中
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            该功能正在开发，敬请期待。
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
