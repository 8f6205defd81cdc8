import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { loginAs } from './support/login';
import { withServerDb } from './support/serverDb';

/**
 * The demo's contracts have files. A merchant downloads a signed e-contract's PDF and
 * signs an unsigned one online; staff zip-download the files of selected rows. Every contract touched is put back
 * as seeded afterwards (other specs share the server).
 */

const COLUMNS = [
  'id',
  'sign_status',
  'contract_status',
  'sign_mode',
  'sign_time',
  'file_id',
  'file_sha256',
  'update_time',
] as const;

/** Company 1's seeded contract without a document, of a sign status, with a normal enterprise. */
async function seededContract(signStatus: number) {
  return withServerDb((db) =>
    db
      .selectFrom('contracts')
      .innerJoin('enterprises', 'enterprises.id', 'contracts.enterprise_id')
      .select(COLUMNS.map((column) => `contracts.${column}` as const))
      .where('contracts.company_id', '=', 1)
      .where('contracts.sign_status', '=', signStatus)
      .where('contracts.data_status', '=', 1)
      .where('contracts.file_id', 'is', null)
      .where('contracts.paper_file_id', 'is', null)
      .where('enterprises.status', '=', 1)
      .orderBy('contracts.id', 'desc')
      .executeTakeFirstOrThrow(),
  );
}

type ContractRow = Awaited<ReturnType<typeof seededContract>>;

/** Puts contracts back as they were (the made documents stay stored, unreferenced). */
async function restore(rows: readonly ContractRow[], companySignStatus?: number) {
  await withServerDb(async (db) => {
    for (const { id, ...values } of rows) await db.updateTable('contracts').set(values).where('id', '=', id).execute();
    if (companySignStatus !== undefined) {
      await db.updateTable('companies').set({ sign_status: companySignStatus }).where('id', '=', 1).execute();
    }
  });
}

test('商户下载已签署电子合同的PDF', async ({ page }) => {
  const contract = await seededContract(1);
  try {
    await loginAs(page, 'merchant');
    await expect(page).toHaveURL(/\/manage$/);
    await page.goto(`/contractManagement?sign=${contract.id}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('已签署')).toBeVisible();
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: '下载PDF' }).click();
    const file = await readFile((await (await downloading).path()) as string);
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  } finally {
    await restore([contract]);
  }
});

test('商户在线签署未签署的演示合同', async ({ page }) => {
  const contract = await seededContract(0);
  const company = await withServerDb((db) =>
    db.selectFrom('companies').select('sign_status').where('id', '=', 1).executeTakeFirstOrThrow(),
  );
  try {
    await loginAs(page, 'merchant');
    await expect(page).toHaveURL(/\/manage$/);
    await page.goto(`/contractManagement?sign=${contract.id}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: '确认签署' }).click();
    await expect(page.getByText('签署成功').first()).toBeVisible();
    await expect(dialog.getByText('电子签署')).toBeVisible();
    const signed = await withServerDb((db) =>
      db.selectFrom('contracts').select(['sign_status']).where('id', '=', contract.id).executeTakeFirstOrThrow(),
    );
    expect(signed.sign_status).toBe(1);
  } finally {
    await restore([contract], company.sign_status);
  }
});

test('管理员在平台合作中勾选合同后打包下载文件', async ({ page }) => {
  const rows = await withServerDb((db) =>
    db
      .selectFrom('contracts')
      .select([...COLUMNS])
      .where('file_id', 'is', null)
      .where('paper_file_id', 'is', null)
      .orderBy('id', 'desc')
      .limit(2)
      .execute(),
  );
  try {
    await loginAs(page, 'admin');
    await expect(page).toHaveURL(/\/adMain$/);
    const filter = encodeURIComponent(JSON.stringify({ contractIds: rows.map((row) => row.id).join(',') }));
    await page.goto(`/adPlatformCooperation?filter=${filter}`);
    await expect(page.locator('tbody tr')).toHaveCount(2);
    // Both rows picked (with none picked the button takes the shown rows).
    for (const box of await page.getByRole('checkbox', { name: '选择此行' }).all()) await box.check();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: '打包下载' }).click();
    const zip = await readFile((await (await downloading).path()) as string);
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  } finally {
    await restore(rows);
  }
});
