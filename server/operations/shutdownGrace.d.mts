export const DEFAULT_SHUTDOWN_GRACE_MS: number;
export const MAX_SHUTDOWN_GRACE_MS: number;
export function shutdownGraceMsOf(env: Record<string, string | undefined>): number;
