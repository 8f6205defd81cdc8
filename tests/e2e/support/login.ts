import { createHash } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { loginSessionEntries } from '../../../providers/sessionStore';
import { type LoginContent, landingPathFor, type SignStatus } from '../../../src/domain/session';

export const DEMO_PASSWORD = 'Demo1234';

type LoginOptions = { edition?: '标准版' | '小规模版'; password?: string; path?: string };

/**
 * Logs in through the login page as a person would: for the tests of the login page itself, of a refused
 * login, or of an account a test has just made.
 */
export async function loginThroughPage(page: Page, username: string, options: LoginOptions = {}) {
  await page.goto(options.path ?? '/login');
  if (options.edition === '小规模版') await page.getByRole('tab', { name: '小规模版' }).click();
  await page.getByLabel('账号').fill(username);
  await page.getByLabel('密码').fill(options.password ?? DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/**
 * Logs a demo account in for a test about something else. The server does the real login (same call, same
 * password check, a session of its own), and the page starts where the login page would have sent it, with the
 * session in sessionStorage as the login page leaves it; what is skipped is drawing the login page and the home
 * page before the page the test is about. /login?Rurl=<path> opens <path>, as the login page would. An explicit password means the test is about that
 * account's login (a refusal, a new password): it goes through the page, as does a demo login the server refuses.
 */
export async function loginAs(page: Page, username: string, options: LoginOptions = {}) {
  const loginUrl = new URL(options.path ?? '/login', 'http://login.page');
  // ?index bypasses a maintenance window: such a test is about the login page.
  if (options.password !== undefined || loginUrl.searchParams.has('index')) {
    return loginThroughPage(page, username, options);
  }
  const mark = options.edition === '小规模版' ? 3 : 1;
  const answer = await page.request.post('/login', {
    headers: { Accept: 'application/json', platformMark: String(mark) },
    form: { username, password: sha256Hex(DEMO_PASSWORD), type: mark, platformMark: mark },
  });
  const envelope = (await answer.json()) as { code: number; content: LoginContent };
  if (envelope.code !== 1020000) return loginThroughPage(page, username, options);
  const content = envelope.content;

  const target = loginUrl.searchParams.get('Rurl') ?? landingPathFor(content, await signStatus(page, content));
  // sessionStorage belongs to the tab and the origin: set it from a small document of this origin, then open the app.
  await page.goto('/api/health');
  await page.evaluate((stored) => {
    for (const [key, value] of Object.entries(stored)) sessionStorage.setItem(key, value);
  }, loginSessionEntries(content));
  await page.goto(target);
}

/** The password as the login page sends it (DESIGN §2: SHA-256 hex). */
function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

async function signStatus(page: Page, content: LoginContent): Promise<SignStatus | null> {
  const companyId = content.user.properties.cid;
  if (companyId === null) return null;
  const answer = await page.request.get(`/api/v1/companies/sign_status/${companyId}`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${content.token}` },
  });
  const envelope = (await answer.json().catch(() => null)) as { code?: number; content?: SignStatus } | null;
  return envelope?.code === 1020000 && envelope.content ? envelope.content : null;
}

export async function expectLoggedInAs(page: Page, name: string | RegExp) {
  await expect(page.getByTestId('current-user')).toHaveText(name);
}
