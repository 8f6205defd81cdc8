import { useMemo } from 'react';
import { getSession, type Session } from '../../providers/sessionStore';

/** The current session (read from session storage once per render tree). */
export function useSession(): Session | null {
  return useMemo(() => getSession(), []);
}
