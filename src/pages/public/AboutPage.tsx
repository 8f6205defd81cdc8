import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { Title } from 'react-admin';
import { AboutContent } from './VersionUpdatePage';

/** /versionUpdate (关于我们) for a logged-in user: inside the layout, with its menu, and no 返回登录. */
export function AboutPage() {
  return (
    <Card sx={{ mt: 2, maxWidth: 760 }}>
      <Title title="关于我们" />
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <AboutContent />
      </CardContent>
    </Card>
  );
}
