import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { requestContent } from '../../../providers/httpClient';
import { canOpenPath } from '../../domain/visibleMenu';
import { useSession } from '../../layout/useSession';
import { NoticeDetailDialog } from '../../notices/NoticeDetailDialog';
import type { Notice } from '../../notices/noticeApi';

/** The contract list showing the contracts this warning counts (the list's 到期 filter, resources/contracts.ts). */
const EXPIRING_CONTRACTS = `/contractManagement?filter=${encodeURIComponent(JSON.stringify({ expiring: 30 }))}`;

/** Contracts ending within 30 days (GET /api/v1/contract/willexpire/{companyId}). */
export function ContractExpiryWarning({ companyId }: { companyId: number }) {
  const session = useSession();
  const [count, setCount] = useState(0);
  // The server answers only who may open 合同管理 (its codes): a sub-account without them is not asked about
  // contracts it cannot see, rather than being refused in the background.
  const mayReadContracts = canOpenPath(session?.user, '/contractManagement');
  useEffect(() => {
    if (!mayReadContracts) return;
    requestContent<unknown[]>(`/api/v1/contract/willexpire/${companyId}`, { silent: true, background: true }).then(
      (rows) => setCount(Array.isArray(rows) ? rows.length : 0),
      () => undefined,
    );
  }, [companyId, mayReadContracts]);
  if (count === 0) return null;
  return (
    <Alert severity="warning" sx={{ mt: 2 }}>
      您有 {count} 份合同将在30天内到期，请及时续签。
      {mayReadContracts && (
        <Link component={RouterLink} to={EXPIRING_CONTRACTS} sx={{ ml: 1 }}>
          查看合同
        </Link>
      )}
    </Alert>
  );
}

/** Where a home page's latest notices come from, and the page listing them all. */
export interface NoticeSource {
  /** A notices list call answering a page of notices with isRead. */
  path: string;
  /** The full list, linked when the user may open it. */
  allPath: string;
}

/** A merchant's own inbox: the published notices of the merchant's edition with the merchant's read state. */
const INBOX: NoticeSource = { path: '/api/v1/notifications/getnotificationsandreadstate', allPath: '/systemNotice' };

/** The five latest published notices of `source` (by default the merchant's inbox), each opening its detail. */
export function LatestNotices({ source = INBOX, title = '最新公告' }: { source?: NoticeSource; title?: string }) {
  const session = useSession();
  const [notices, setNotices] = useState<Notice[] | null>(null);
  const [selected, setSelected] = useState<Notice | null>(null);
  useEffect(() => {
    requestContent<{ content: Notice[] }>(source.path, {
      query: { page: 0, size: 5 },
      silent: true,
      background: true,
    }).then(
      (page) => setNotices(page.content),
      () => setNotices([]),
    );
  }, [source.path]);
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {canOpenPath(session?.user, source.allPath) && (
            <Link component={RouterLink} to={source.allPath}>
              全部公告
            </Link>
          )}
        </Box>
        {notices?.length === 0 && <Typography color="text.secondary">暂无公告!</Typography>}
        <List dense aria-label={title}>
          {notices?.map((notice) => (
            // Each notice an <li> holding its button: a list's children must be list items.
            <ListItem key={notice.id} disablePadding>
              <ListItemButton onClick={() => setSelected(notice)}>
                <ListItemText
                  primary={notice.title}
                  secondary={notice.releaseTime?.slice(0, 10)}
                  slotProps={{ primary: { sx: { fontWeight: notice.isRead === 0 ? 600 : 400 } } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </CardContent>
      <NoticeDetailDialog
        notice={selected}
        onClose={() => setSelected(null)}
        onRead={(id) => setNotices((rows) => rows?.map((row) => (row.id === id ? { ...row, isRead: 1 } : row)) ?? rows)}
      />
    </Card>
  );
}
