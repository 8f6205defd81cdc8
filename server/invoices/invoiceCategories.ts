import type { Db } from '../db/database';

/** What an invoice application needs of its category (the category pages are invoiceCategories.binding.ts). */
export interface CategoryChoice {
  id: number;
  platformMark: number;
  status: number;
}

export async function findCategory(db: Db, id: number): Promise<CategoryChoice | undefined> {
  const row = await db
    .selectFrom('invoice_categories')
    .select(['id', 'platform_mark', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { id: Number(row.id), platformMark: Number(row.platform_mark), status: Number(row.status) };
}
