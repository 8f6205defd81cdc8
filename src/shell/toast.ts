import { TIMING } from '../domain/session';

/**
 * App-wide messages outside react-admin: the http client's general errors and the login page's
 * messages must survive navigation, so they live in this tiny store rather than in a component.
 */
export type ToastKind = 'success' | 'error' | 'warning' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  durationMs: number;
}

type Listener = (toasts: readonly Toast[]) => void;
let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener(toasts);
}

export function showToast(
  message: string,
  kind: ToastKind = 'info',
  durationMs: number = TIMING.messageDurationMs,
): number {
  const id = nextId++;
  toasts = [...toasts.filter((toast) => toast.message !== message), { id, kind, message, durationMs }];
  emit();
  return id;
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): readonly Toast[] {
  return toasts;
}
