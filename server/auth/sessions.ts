import type { Db } from '../db/database';

/**
 * Ends a session server-side: its tokens (the login's and every refreshed one share the sid) are refused from
 * now on. `expiresAtSeconds` is when the session would have ended anyway; rows past it are swept here.
 */
export async function revokeSession(db: Db, sid: string, expiresAtSeconds: number, now = Date.now()): Promise<void> {
  await db.deleteFrom('revoked_sessions').where('expires_at', '<', now).execute();
  await db
    .insertInto('revoked_sessions')
    .values({ sid, expires_at: expiresAtSeconds * 1000 })
    .onConflict((oc) => oc.column('sid').doNothing())
    .execute();
}

/**
 * Revokes every token of the user (password change or reset): tokens carry the version they were issued
 * under, and this bumps it in one statement.
 */
export async function revokeAllTokens(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}
