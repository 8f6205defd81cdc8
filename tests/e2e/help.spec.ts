import { expect, type Locator, type Page, test } from '@playwright/test';
import { loginAs } from './support/login';

/** 帮助中心: an admin writes an article with an image; a merchant finds it by search and reads it. */

// A real 1×1 PNG, so the test can tell that the image was downloaded and decoded, not only laid out.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function logout(page: Page) {
  await page.getByRole('button', { name: '退出' }).click();
  await expect(page).toHaveURL(/\/login/);
}

async function expectDecoded(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1);
}

test('管理员写一篇带图片的帮助文章并发布，商户搜索到并阅读', async ({ page }) => {
  test.setTimeout(120_000);
  const word = `回单${Date.now() % 100000}`;
  const title = `如何下载${word}`;

  await loginAs(page, 'admin');
  await expect(page.getByRole('button', { name: '退出' })).toBeVisible();
  await page.goto('/adHelpCenter/create');
  await page.getByRole('textbox', { name: '标题' }).fill(title);
  await page.getByRole('combobox', { name: '分类' }).click();
  await page.getByRole('option', { name: '批量打款' }).click();
  await page.getByRole('spinbutton', { name: /排序/ }).fill('1');
  const body = page.getByRole('textbox', { name: '正文（Markdown）' });
  await body.fill(`## 下载步骤\n\n在**打款记录**中打开批次，点“下载回单”。\n\n<script>window.hacked = 1</script>`);
  await page
    .getByTestId('markdown-image-input')
    .setInputFiles({ name: '回单页面.png', mimeType: 'image/png', buffer: PNG });
  await expect(body).toHaveValue(/!\[回单页面\]\(\/api-v1\/dl\?file=\d+&rn=/);
  await page.getByRole('tab', { name: '预览' }).click();
  const preview = page.getByLabel('预览');
  await expect(preview.getByRole('heading', { name: '下载步骤' })).toBeVisible();
  await expectDecoded(preview.getByRole('img', { name: '回单页面' }));
  await page.getByRole('tab', { name: '编辑' }).click();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/adHelpCenter(\?.*)?$/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('草稿')).toBeVisible();
  await row.getByRole('button', { name: '发布' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('发布成功')).toBeVisible();
  await expect(row.getByText('已发布')).toBeVisible();
  await logout(page);

  await loginAs(page, 'merchant');
  await expect(page).toHaveURL(/\/manage$/);
  await page.getByRole('link', { name: '帮助中心' }).first().click();
  await expect(page).toHaveURL(/\/help/);
  await expect(page.getByRole('button', { name: '如何给企业账户充值' })).toBeVisible();
  await page.getByRole('textbox', { name: '搜索标题或正文' }).fill(word);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  const results = page.getByRole('list', { name: '帮助文章' });
  await expect(results.getByRole('button')).toHaveCount(1);
  await results.getByRole('button', { name: new RegExp(title) }).click();
  // The search and the open article are in the URL: a reload shows the same article.
  await page.reload();
  const article = page.getByRole('article', { name: title });
  await expect(article.getByRole('heading', { name: title })).toBeVisible();
  await expect(article.getByRole('heading', { name: '下载步骤' })).toBeVisible();
  await expect(article.locator('strong')).toHaveText('打款记录');
  await expectDecoded(article.getByRole('img', { name: '回单页面' }));
  expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
  await expect(article.locator('script')).toHaveCount(0);
  await page.getByRole('button', { name: '返回帮助中心' }).click();
  await expect(page.getByRole('textbox', { name: '搜索标题或正文' })).toHaveValue(word);
});
