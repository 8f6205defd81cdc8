import { createHash } from 'node:crypto';

/** Logs a demo account in through the real API (password Demo1234) and returns the login content. */
export async function loginContent(base: string, username: string): Promise<Record<string, unknown>> {
  const password = createHash('sha256').update('Demo1234').digest('hex');
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password, type: '1', platformMark: '1' }),
  });
  return ((await response.json()) as { content: Record<string, unknown> }).content;
}

/** The session storage entries the web app keeps after a login (providers/sessionStore.ts). */
export function sessionEntries(content: Record<string, unknown>): Record<string, string> {
  return {
    token: String(content.token),
    user: JSON.stringify(content.user),
    platformMark: JSON.stringify(content.platform_mark),
    noticeNum: JSON.stringify(content.noticeNum),
    switchCompany: JSON.stringify(content.switchCompany),
    deptIds: JSON.stringify(content.deptIds),
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
