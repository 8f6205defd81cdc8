import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { useEffect, useState } from 'react';
import { NoticeListDialog } from './NoticeListDialog';
import { onUnreadCountChange, onUnreadRepliesChange, refreshUnreadCount, refreshUnreadReplies } from './noticeApi';

/**
 * The merchant's notice bell: unread notices plus unread replies to its feedback, from the server, kept
 * current wherever a notice or a reply is read. The dialog leads to the replies when there are any.
 */
export function NoticeBell({ initialCount }: { initialCount: number }) {
  const [count, setCount] = useState(initialCount);
  const [replies, setReplies] = useState(0);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const stop = onUnreadCountChange(setCount);
    const stopReplies = onUnreadRepliesChange(setReplies);
    refreshUnreadCount().catch(() => undefined);
    refreshUnreadReplies().catch(() => undefined);
    return () => {
      stop();
      stopReplies();
    };
  }, []);

  const label = `系统公告，未读 ${count} 条${replies > 0 ? `，意见反馈新回复 ${replies} 条` : ''}`;

  return (
    <>
      <IconButton color="inherit" aria-label={label} title={label} onClick={() => setOpen(true)}>
        <Badge badgeContent={count + replies} color="error" max={99} data-testid="notice-count">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      {open && <NoticeListDialog open replies={replies} onClose={() => setOpen(false)} />}
    </>
  );
}
