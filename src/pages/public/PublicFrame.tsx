import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';

/** The frame of the pages anyone may open (/authentication, /versionUpdate, /test). */
export function PublicFrame({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: '#f0f2f5', display: 'flex', justifyContent: 'center', py: 6 }}>
      <Card sx={{ width: 760, maxWidth: '96vw', alignSelf: 'flex-start' }} component="main">
        <CardContent sx={{ p: 4, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {children}
          <Link href="/login">返回登录</Link>
        </CardContent>
      </Card>
    </Box>
  );
}
