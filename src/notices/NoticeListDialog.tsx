import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { VirtualList } from '../components/VirtualList';
import { NoticeDetailDialog } from './NoticeDetailDialog';
import { fetchNoticesWithReadState, type Notice } from './noticeApi';

const ROW_HEIGHT = 48;
const VIEWPORT_HEIGHT = 480;
/** Rows of the quick first page: more than fit in the viewport. */
const HEAD_SIZE = 20;

/** The merchant's notices (spec §2): page 0 size 10000, only the visible rows rendered; 暂无公告! when empty. */
export function NoticeListDialog({
  open,
  onClose,
  replies = 0,
}: {
  open: boolean;
  onClose: () => void;
  /** Unread replies to the merchant's feedback: a link to /suggestionFeedback above the notices. */
  replies?: number;
}) {
  const [notices, setNotices] = useState<Notice[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Notice | null>(null);
  const readIds = useRef(new Set<number>());

  useEffect(() => {
    if (!open) return;
    let live = true;
    let complete = false;
    setError(null);
    // The first screenful comes from a small page so the list is usable at once; the whole list (spec §9:
    // page 0, size 10000, a few MB with 10 000 notices) replaces it when it arrives.
    fetchNoticesWithReadState(HEAD_SIZE).then(
      (rows) => live && !complete && setNotices(rows),
      () => undefined,
    );
    fetchNoticesWithReadState().then(
      (rows) => {
        complete = true;
        // Notices acknowledged while the whole list was on its way stay read.
        if (live) setNotices(rows.map((row) => (readIds.current.has(row.id) ? { ...row, isRead: 1 } : row)));
      },
      (failure: Error) => live && setError(failure.message || '公告加载失败，请稍后再试'),
    );
    return () => {
      live = false;
    };
  }, [open]);

  const markRead = (id: number) => {
    readIds.current.add(id);
    setNotices((rows) => rows?.map((row) => (row.id === id ? { ...row, isRead: 1 } : row)) ?? rows);
  };

  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        aria-labelledby="notice-list-title"
        slotProps={{ paper: { sx: { width: 600, maxWidth: '95vw' } } }}
      >
        <DialogTitle id="notice-list-title">系统公告</DialogTitle>
        <DialogContent dividers sx={{ p: 0 }}>
          {replies > 0 && (
            <Box sx={{ px: 2, py: 1, bgcolor: 'warning.light', display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ flex: 1 }}>您的意见反馈有 {replies} 条新回复</Typography>
              <Button size="small" component={RouterLink} to="/suggestionFeedback" onClick={onClose}>
                查看回复
              </Button>
            </Box>
          )}
          {error && (
            <Typography color="error" sx={{ p: 2 }}>
              {error}
            </Typography>
          )}
          {!error && notices === null && <Typography sx={{ p: 2 }}>加载中…</Typography>}
          {notices?.length === 0 && <Typography sx={{ p: 2, textAlign: 'center' }}>暂无公告!</Typography>}
          {notices && notices.length > 0 && (
            <VirtualList
              aria-label="公告列表"
              items={notices}
              rowHeight={ROW_HEIGHT}
              height={VIEWPORT_HEIGHT}
              getKey={(notice) => notice.id}
              renderRow={(notice) => (
                <Box
                  component="button"
                  type="button"
                  onClick={() => setSelected(notice)}
                  sx={{
                    all: 'unset',
                    boxSizing: 'border-box',
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    width: '100%',
                    height: ROW_HEIGHT,
                    px: 2,
                    cursor: 'pointer',
                    borderBottom: 1,
                    borderColor: 'divider',
                    '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
                  }}
                >
                  <Typography noWrap sx={{ flex: 1, fontWeight: notice.isRead === 0 ? 600 : 400 }} title={notice.title}>
                    {notice.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {notice.releaseTime?.slice(0, 10)}
                  </Typography>
                  {notice.isRead === 0 && <Chip size="small" color="error" label="未读" />}
                </Box>
              )}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>关闭</Button>
        </DialogActions>
      </Dialog>
      <NoticeDetailDialog notice={selected} onClose={() => setSelected(null)} onRead={markRead} />
    </>
  );
}
