import { sql } from 'kysely';
import { agreementTemplates } from '../../resources/agreementTemplates';
import type { AuthContext } from '../auth/access';
import type { Db } from '../db/database';
import { isPostgres } from '../db/migrations/columns';
import type { ResourceBinding } from '../engine/binding';
import { attachFile } from '../files/fileReferences';
import { enabledAgreementType } from './agreementTypes.routes';

export const SORT_MAX = 999_999;
/** What the upload API answers (POST /api/v1/common/uploadfiles): only such addresses are stored. */
const UPLOADED_FILE_URL = /^\/api-v1\/dl\?file=[^&\s]+(&rn=[^&\s]*)?$/;

/**
 * /adContractTemplate (resources/agreementTemplates.ts) on the resource engine: list, one, create and update
 * of platform data (no scope; ADM_PLAT_AGREEMENT_TEMPLATE_MGR guards every call). bindStatus follows entid; a
 * new template is not in use; a cleared sort or xiong goes back to 0. The use-status toggle, unbinding, the
 * unbound list and delete (with the voided seals, under the template's lock) are agreementTemplates.routes.ts.
 */
export const agreementTemplatesBinding: ResourceBinding = {
  declaration: agreementTemplates,
  table: 'agreement_templates',
  columns: { entName: 'enterprises.name', typeName: 'agreement_types.name' },
  joins: [
    { table: 'enterprises', on: ['enterprises.id', 'agreement_templates.entid'] },
    { table: 'agreement_types', on: ['agreement_types.id', 'agreement_templates.type'] },
  ],
  computed: { bindStatus: sql<number>`CASE WHEN agreement_templates.entid IS NULL THEN 0 ELSE 1 END` },
  handWritten: ['delete', 'enable', 'disable', 'unbind'],
  timestamps: { create: 'create_time', update: 'update_time' },
  insertDefaults: () => ({ sort: 0, xiong: 0, use_status: 0 }),
  maxChars: { nm: 64, fileUrl: 255 },
  checks: ({ db }) => ({
    // Agreement types are data (agreement_types): an enabled one, not a fixed list.
    type: async (value) => ((await enabledAgreementType(db, Number(value))) ? undefined : '模板类型的取值不正确'),
    sort: (value) => (Number(value) < 0 || Number(value) > SORT_MAX ? `排序必须在0到${SORT_MAX}之间` : undefined),
    fileUrl: (value) => (UPLOADED_FILE_URL.test(String(value)) ? undefined : '模板文件地址不正确，请重新上传'),
  }),
  // Both columns are NOT NULL.
  beforeSave: async ({ db, auth, id }, values) => {
    return {
      ...(values.sort === null ? { sort: 0 } : {}),
      ...(values.xiong === null ? { xiong: 0 } : {}),
      ...(typeof values.file_url === 'string' ? { file_url: await templateFile(db, auth, id, values.file_url) } : {}),
    };
  },
  messages: { notFound: '模板不存在', idLabel: '模板编号', created: '保存成功' },
};

/** The template's file: the caller's own upload or the one the template already has (attachFile). */
async function templateFile(db: Db, auth: AuthContext, id: number | undefined, url: string): Promise<string> {
  const current =
    id === undefined
      ? null
      : ((await db.selectFrom('agreement_templates').select('file_url').where('id', '=', id).executeTakeFirst())
          ?.file_url ?? null);
  const message = '模板文件地址不正确，请重新上传';
  return (await attachFile(db, auth, url, { purpose: 'agreement_template', current, message })).url;
}

/**
 * The template row, locked on PostgreSQL until the transaction ends. Every change to a template's seals takes
 * this lock first, so a deletion and a seal added or restored at the same time run one after the other
 * (SQLite runs one writing transaction at a time anyway).
 */
export async function lockTemplate(trx: Db, id: number): Promise<{ use_status: number } | undefined> {
  return trx
    .selectFrom('agreement_templates')
    .select('use_status')
    .where('id', '=', id)
    .$if(isPostgres(trx), (query) => query.forUpdate())
    .executeTakeFirst();
}
