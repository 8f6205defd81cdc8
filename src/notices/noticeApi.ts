import { requestContent } from '../../providers/httpClient';
import { saveNoticeNum } from '../../providers/sessionStore';

/** A notice as the merchant sees it (spec §3). */
export interface Notice {
  id: number;
  title: string;
  body?: string;
  url?: string | null;
  annexUrl?: string | null;
  annexName?: string | null;
  publisher?: string;
  releaseTime?: string;
  /** 0 unread, otherwise read */
  isRead: number;
}

type Listener = (count: number) => void;
const listeners = new Set<Listener>();

/** Lets the header bell follow the unread count wherever it changes. */
export function onUnreadCountChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function refreshUnreadCount(): Promise<number> {
  const count = await requestContent<number>('/api/v1/notifications/countunreadupnotifications', {
    silent: true,
    background: true,
  });
  saveNoticeNum(count);
  for (const listener of listeners) listener(count);
  return count;
}

const replyListeners = new Set<Listener>();

/** Lets the header bell follow the merchant's unread feedback replies. */
export function onUnreadRepliesChange(listener: Listener): () => void {
  replyListeners.add(listener);
  return () => replyListeners.delete(listener);
}

/** Replies to the merchant's feedback it has not opened yet (/suggestionFeedback). */
export async function refreshUnreadReplies(): Promise<number> {
  const count = await requestContent<number>('/api/v1/feedbacks/mine/unreadcount', { silent: true, background: true });
  for (const listener of replyListeners) listener(count);
  return count;
}

/** Published notices of the user's edition with their read state (page 0, size 10000 per spec §9). */
export async function fetchNoticesWithReadState(size = 10000): Promise<Notice[]> {
  const content = await requestContent<Notice[] | { content: Notice[] }>(
    '/api/v1/notifications/getnotificationsandreadstate',
    {
      query: { page: 0, size },
      silent: true,
    },
  );
  return Array.isArray(content) ? content : content.content;
}

export async function fetchNotice(id: number): Promise<Notice> {
  return requestContent<Notice>(`/api/v1/notifications/getone/${id}`, { silent: true });
}

/** Acknowledge: the server answers 1020000 and the notice is read from then on. */
export async function acknowledgeNotice(id: number): Promise<void> {
  await requestContent('/api/v1/notifications/updatenotificationread', { method: 'PUT', json: { notificationId: id } });
  await refreshUnreadCount();
}
