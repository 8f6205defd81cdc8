import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { Title } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { findRoute } from '../../src/domain/routes';
import { NoticeDetailDialog } from '../../src/notices/NoticeDetailDialog';
import { fetchNoticesWithReadState, type Notice } from '../../src/notices/noticeApi';
import type { ResourceDeclaration } from '../types';

const PAGE_SIZES = [10, 50, 100, 200];

/** /systemNotice: the merchant's published notices with read state; opening one allows acknowledging it. */
export function SystemNoticeList({ declaration }: { declaration: ResourceDeclaration }) {
  const [notices, setNotices] = useState<Notice[] | null>(null);
  const [open, setOpen] = useState<Notice | null>(null);
  const [params, setParams] = useSearchParams();
  const search = params.get('title') ?? '';
  const page = Number(params.get('page') ?? 0);
  const size = PAGE_SIZES.includes(Number(params.get('size'))) ? Number(params.get('size')) : 10;

  useEffect(() => {
    fetchNoticesWithReadState().then(setNotices, () => setNotices([]));
  }, []);

  const setParam = (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next, { replace: true });
  };

  const filtered = useMemo(
    () => (notices ?? []).filter((notice) => notice.title.includes(search.trim())),
    [notices, search],
  );
  const rows = filtered.slice(page * size, page * size + size);

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={findRoute(`/${declaration.name}`)?.title ?? declaration.label} />
      <Toolbar sx={{ gap: 2 }}>
        <TextField
          size="small"
          label="公告标题"
          value={search}
          onChange={(event) => setParam({ title: event.target.value, page: null })}
        />
        <Typography variant="body2" color="text.secondary">
          未读 {(notices ?? []).filter((notice) => notice.isRead === 0).length} 条
        </Typography>
      </Toolbar>
      {notices !== null && filtered.length === 0 ? (
        <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
          暂无公告!
        </Typography>
      ) : (
        <Table size="small" aria-label="系统公告">
          <TableHead>
            <TableRow>
              <TableCell>公告标题</TableCell>
              <TableCell>发布人</TableCell>
              <TableCell>发布日期</TableCell>
              <TableCell>状态</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((notice) => (
              <TableRow key={notice.id} hover sx={{ cursor: 'pointer' }} onClick={() => setOpen(notice)}>
                <TableCell sx={{ fontWeight: notice.isRead === 0 ? 600 : 400 }}>{notice.title}</TableCell>
                <TableCell>{notice.publisher}</TableCell>
                <TableCell>{notice.releaseTime}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={notice.isRead === 0 ? '未读' : '已读'}
                    color={notice.isRead === 0 ? 'warning' : 'default'}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <TablePagination
        component="div"
        count={filtered.length}
        page={Math.min(page, Math.max(0, Math.ceil(filtered.length / size) - 1))}
        rowsPerPage={size}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_, next) => setParam({ page: next })}
        onRowsPerPageChange={(event) => setParam({ size: event.target.value, page: null })}
      />
      <NoticeDetailDialog
        notice={open}
        onClose={() => setOpen(null)}
        onRead={(id) =>
          setNotices((current) =>
            (current ?? []).map((notice) => (notice.id === id ? { ...notice, isRead: 1 } : notice)),
          )
        }
      />
    </Card>
  );
}
