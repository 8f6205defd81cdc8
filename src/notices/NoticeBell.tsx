import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useEffect, useState } from 'react';
import { NoticeListDialog } from './NoticeListDialog';
import { onUnreadCountChange, refreshUnreadCount } from './noticeApi';

/** The merchant's notice bell: unread count from the server, kept current wherever a notice is read. */
export function NoticeBell({ initialCount }: { initialCount: number }) {
  const [count, setCount] = useState(initialCount);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const stop = onUnreadCountChange(setCount);
    refreshUnreadCount().catch(() => undefined);
    return () => {
      stop();
    };
  }, []);

  return (
    <>
      <IconButton color="inherit" aria-label={`系统公告，未读 ${count} 条`} onClick={() => setOpen(true)}>
        <Badge badgeContent={count} color="error" max={99} data-testid="notice-count">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      {open && <NoticeListDialog open onClose={() => setOpen(false)} />}
    </>
  );
}
