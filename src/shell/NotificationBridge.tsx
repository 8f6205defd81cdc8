import { useNotificationContext, useTakeUndoableMutation, useTranslate } from 'ra-core';
import { isValidElement, useEffect } from 'react';
import { TIMING } from '../domain/session';
import { showToast } from './toast';

/**
 * react-admin's notifications (useNotify) shown by the app's one Toaster (toast.ts), so every message has the same
 * place and look whoever sent it. Given to <AdminUI notification>, it renders nothing itself.
 */
export function NotificationBridge() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();

  useEffect(() => {
    if (notifications.length === 0) return;
    const notification = takeNotification();
    if (!notification) return;
    const { message, type, notificationOptions = {} } = notification;
    const { messageArgs, autoHideDuration, undoable } = notificationOptions;
    // The app saves pessimistically; an undoable save, should one appear, is committed rather than left waiting.
    if (undoable) takeMutation()?.({ isUndo: false });
    if (isValidElement(message)) return;
    const text = typeof message === 'string' ? translate(message, { _: message, ...messageArgs }) : String(message);
    const duration = typeof autoHideDuration === 'number' ? autoHideDuration : TIMING.messageDurationMs;
    showToast(text, type ?? 'info', duration);
  }, [notifications, takeNotification, takeMutation, translate]);

  return null;
}
