import type { FastifyInstance } from 'fastify';
import { codeQuery, MASKED_SMS_CODE } from '../../resources/smsCodes';
import { filterKeys, sortFields } from '../../resources/types';
import { ROLE } from '../../src/domain/roles';
import { SMS_MAX_VERIFY_ATTEMPTS } from '../accounts/sms/smsCodes';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { ok } from '../http/envelope';
import { filterReader } from '../http/filterValues';
import { pageOf, parseListQuery } from '../http/listQuery';
import { smsCodesSchema } from './smsCodeQuery.schemas';

const LIST_SPEC = {
  filterKeys: filterKeys(codeQuery),
  sortFields: sortFields(codeQuery),
  defaultSort: { field: 'createTime', order: 'desc' as const },
};

/**
 * GET /api/v1/sms/codes/search?q=mobile:…;type:… (UI_VERIFICATION_CODE): sent codes, newest first (DESIGN §4).
 * - A code that still works (unused, unexpired, tries left) is masked for everyone: staff may see that a code
 *   was sent, never a code they could use to log in as someone else.
 * - Department-scoped staff (kefu, hehuoren) see codes only of mobiles of their departments' companies
 *   (merchant accounts or the company's contact mobile).
 * - Only the admin (role 1) sees codes sent to staff accounts' mobiles.
 */
export async function smsCodeQueryRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  const access = { config: { access: { permissions: codeQuery.permissions.list } } };
  app.get('/api/v1/sms/codes/search', { ...access, schema: smsCodesSchema }, async (request) => {
    const auth = requireAuth(request);
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, LIST_SPEC);
    const read = filterReader(list.filters, codeQuery.filters);
    const mobile = read.text('mobile');
    const type = read.number('type');
    const now = Date.now();
    let query = db.selectFrom('sms_codes');
    if (mobile) query = query.where('mobile', '=', mobile);
    if (type !== undefined) query = query.where('type', '=', type);
    if (auth.roleId !== ROLE.admin) {
      query = query.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('users')
              .select('users.id')
              .whereRef('users.mobile', '=', 'sms_codes.mobile')
              .where('users.role_id', '<>', ROLE.merchant),
          ),
        ),
      );
    }
    const departments = auth.roleId === ROLE.admin ? null : auth.deptScope;
    if (departments) {
      const scope = departments.length > 0 ? departments : [-1];
      query = query.where(({ or, exists, selectFrom }) =>
        or([
          exists(
            selectFrom('users')
              .innerJoin('companies', 'companies.id', 'users.company_id')
              .select('users.id')
              .whereRef('users.mobile', '=', 'sms_codes.mobile')
              .where('users.role_id', '=', ROLE.merchant)
              .where('companies.department_id', 'in', scope),
          ),
          exists(
            selectFrom('companies')
              .select('companies.id')
              .whereRef('companies.linkman_mobile', '=', 'sms_codes.mobile')
              .where('companies.department_id', 'in', scope),
          ),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      query
        .select(['id', 'mobile', 'code', 'type', 'create_time', 'used_at', 'expires_at', 'attempts'])
        .orderBy('created_at', list.sort?.order ?? 'desc')
        .orderBy('id', 'desc')
        .offset(list.offset)
        .limit(list.size)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok(
      pageOf(
        rows.map((row) => {
          const stillWorks =
            row.used_at === null && Number(row.expires_at) > now && row.attempts < SMS_MAX_VERIFY_ATTEMPTS;
          return {
            id: Number(row.id),
            mobile: row.mobile,
            code: stillWorks ? MASKED_SMS_CODE : row.code,
            type: row.type,
            createTime: row.create_time,
            used: row.used_at === null ? 0 : 1,
          };
        }),
        Number(count.n),
        list,
      ),
    );
  });
}
