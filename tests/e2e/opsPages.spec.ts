import { createReadStream } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { chinaTime } from '../../server/db/time';
import { FORCE_LOGOUT_MSG } from '../../src/domain/loginLog';
import { JOB_MSG } from '../../src/domain/scheduledJobs';
import { accessibilityProblems } from './support/axe';
import { loginAs, loginThroughPage } from './support/login';

/** 登录日志, 在线用户 (强退) and 定时任务 as an operator uses them, in Chromium. */

async function openFromMenu(page: Page, label: string, path: RegExp) {
  await page.getByRole('button', { name: '系统设置' }).click();
  await expect(page.getByRole('button', { name: '系统设置' })).toHaveAttribute('aria-expanded', 'true');
  const link = page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: label, exact: true });
  // The group opens with a transition: a click that lands while the link still moves is repeated.
  await expect(async () => {
    await link.click();
    await expect(page).toHaveURL(path, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

test('登录日志：一次输错密码的登录可按账号和结果查到（原因、IP、浏览器），筛选刷新后仍在，导出 Excel 只含筛出的行', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await loginThroughPage(page, 'hehuoren', { password: 'Wrong9876' });
  await expect(page.getByText('账号或密码错误').first()).toBeVisible();

  await loginAs(page, 'admin');
  await expect(page.getByRole('button', { name: '退出' })).toBeVisible();
  await openFromMenu(page, '登录日志', /\/adLoginLog/);
  await page.getByRole('textbox', { name: '账号' }).fill('hehuoren');
  await page.getByRole('combobox', { name: '结果' }).click();
  await page.getByRole('option', { name: '失败' }).click();
  const row = page.locator('tbody tr').filter({ hasText: '密码错误' }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('hehuoren');
  await expect(row).toContainText('账号密码');
  await expect(row).toContainText('失败');
  await expect(row).toContainText('Chrome');
  await expect(page.locator('tbody tr').filter({ hasText: '成功' })).toHaveCount(0);

  // The filters are in the address: a reload (or a shared link) shows the same rows.
  await expect(page).toHaveURL(/filter=.*hehuoren/);
  await page.reload();
  await expect(page.getByRole('textbox', { name: '账号' })).toHaveValue('hehuoren');
  await expect(page.locator('tbody tr').filter({ hasText: '密码错误' }).first()).toBeVisible();
  await expect(page.locator('tbody tr').filter({ hasText: '成功' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 Excel' }).click();
  const xlsx = await download;
  expect(xlsx.suggestedFilename()).toBe(`登录日志-${chinaTime().slice(0, 10)}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.read(createReadStream((await xlsx.path()) as string));
  const sheet = workbook.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(sheet.rowCount).toBeGreaterThan(1);
  const rows = Array.from({ length: sheet.rowCount - 1 }, (_, index) =>
    (sheet.getRow(index + 2).values as unknown[]).slice(1),
  );
  const at = (values: unknown[], label: string) => values[header.indexOf(label)];
  for (const values of rows) {
    expect(at(values, '账号')).toBe('hehuoren');
    expect(at(values, '结果')).toBe('失败');
    expect(at(values, '登录时间')).toBeInstanceOf(Date);
  }
  expect(rows.some((values) => at(values, '说明') === '密码错误')).toBe(true);
});

test('在线用户：管理员强退商户的会话（先确认），商户的下一次操作回到登录页', async ({ page, browser }) => {
  test.setTimeout(90_000);
  // The merchant in a browser of its own, told apart from the other sessions of the account by its browser.
  const merchantContext = await browser.newContext({
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  });
  const merchant = await merchantContext.newPage();
  try {
    await loginAs(merchant, 'merchant');
    await expect(merchant).toHaveURL(/\/manage$/);

    await loginAs(page, 'admin');
    await expect(page.getByRole('button', { name: '退出' })).toBeVisible();
    await openFromMenu(page, '在线用户', /\/adOnlineUser/);
    await page.getByRole('textbox', { name: '账号' }).fill('merchant');
    await expect(page).toHaveURL(/filter=.*merchant/);
    const row = page.locator('tbody tr').filter({ hasText: 'Firefox 133' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('merchant');
    await expect(row).toContainText('账号密码');

    await row.getByRole('button', { name: '强退' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('确定强制该会话下线吗');
    // 取消 changes nothing.
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: '强退' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(page.getByText(FORCE_LOGOUT_MSG.done)).toBeVisible();
    await expect(row).toHaveCount(0);

    // The merchant's next request is refused: the page returns to the login page.
    await merchant.reload();
    await expect(merchant).toHaveURL(/\/login/);
  } finally {
    await merchantContext.close();
  }
});

test('定时任务：列出任务（执行时间、下次执行），暂停（先确认）后可恢复，立即执行显示耗时和结果并进入运行记录', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await loginAs(page, 'admin');
  await expect(page.getByRole('button', { name: '退出' })).toBeVisible();
  await openFromMenu(page, '定时任务', /\/adScheduledJob/);
  for (const label of ['打款处理', '自动开票', '日志清理', '每日对账']) {
    await expect(page.locator('tbody tr').filter({ hasText: label })).toHaveCount(1);
  }
  const row = page.locator('tbody tr').filter({ hasText: '日志清理' });
  await expect(row).toContainText('北京时间');
  await expect(row).toContainText('正常');

  await row.getByRole('button', { name: '暂停' }).click();
  await expect(page.getByRole('dialog')).toContainText('暂停后所有服务器都不再按时执行它');
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(JOB_MSG.paused)).toBeVisible();
  await expect(row).toContainText('已暂停');
  await expect(row.getByRole('button', { name: '暂停' })).toHaveCount(0);

  // A paused job still runs once when asked; the answer says how it went.
  await row.getByRole('button', { name: '立即执行' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  const result = page.getByRole('dialog', { name: /执行结果「日志清理」/ });
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(result).toContainText('成功');
  await expect(result).toContainText(/\d+(\.\d+)? (毫秒|秒)/);
  await page.keyboard.press('Escape');
  await expect(result).toHaveCount(0);
  await expect(row).toContainText('成功');

  await row.getByRole('button', { name: '恢复' }).click();
  await expect(page.getByRole('dialog')).toContainText('恢复后从下一个执行时间起按时执行');
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(JOB_MSG.resumed)).toBeVisible();
  await expect(row).toContainText('正常');

  // The detail view lists the run just made: 立即执行, by admin.
  await row.locator('td').filter({ hasText: '日志清理' }).click();
  await expect(page).toHaveURL(/\/adScheduledJob\/\d+\/show/);
  const run = page.locator('tbody tr').filter({ hasText: '立即执行' }).first();
  await expect(run).toContainText('admin');
  await expect(run).toContainText('成功');
});

test('三个页面在 1280、1366、1920 宽时放得下（「操作」列在窗口内），没有严重的或 Lighthouse 会扣分的无障碍问题', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin');
  await expect(page.getByRole('button', { name: '退出' })).toBeVisible();
  const problems: string[] = [];
  for (const width of [1280, 1366, 1920]) {
    await page.setViewportSize({ width, height: 720 });
    for (const path of ['/adLoginLog', '/adOnlineUser', '/adScheduledJob']) {
      await page.goto(path);
      await expect(page.locator('tbody tr').first()).toBeVisible();
      problems.push(...(await accessibilityProblems(page, `${path} @${width}`)));
      const fit = await page.evaluate(() => {
        const found: string[] = [];
        if (document.documentElement.scrollWidth > window.innerWidth) {
          found.push(`页面宽 ${document.documentElement.scrollWidth}px > 窗口 ${window.innerWidth}px`);
        }
        for (const cell of document.querySelectorAll('th')) {
          const box = cell.getBoundingClientRect();
          if (cell.textContent?.trim() === '操作' && box.width > 0 && box.right > window.innerWidth + 1) {
            found.push(`「操作」列在窗口外（${Math.round(box.right)}px）`);
          }
        }
        return found;
      });
      problems.push(...fit.map((text) => `${path} @${width}: ${text}`));
    }
  }
  expect(problems, problems.join('\n')).toEqual([]);
});
