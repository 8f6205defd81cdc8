import type { FastifyInstance } from 'fastify';
import { codeQuery } from '../../resources/smsCodes';
import { filterKeys, sortFields } from '../../resources/types';
import type { AppServices } from '../appServices';
import { ok } from '../http/envelope';
import { filterReader } from '../http/filterValues';
import { pageOf, parseListQuery } from '../http/listQuery';

const LIST_SPEC = {
  filterKeys: filterKeys(codeQuery),
  sortFields: sortFields(codeQuery),
  defaultSort: { field: 'createTime', order: 'desc' as const },
};

/** GET /api/v1/sms/codes/search?q=mobile:…;type:… (UI_VERIFICATION_CODE): sent codes, newest first. */
export async function smsCodeQueryRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  const access = { config: { access: { permissions: codeQuery.permissions.list } } };
  app.get('/api/v1/sms/codes/search', access, async (request) => {
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, LIST_SPEC);
    const read = filterReader(list.filters, codeQuery.filters);
    const mobile = read.text('mobile');
    const type = read.number('type');
    let query = db.selectFrom('sms_codes');
    if (mobile) query = query.where('mobile', '=', mobile);
    if (type !== undefined) query = query.where('type', '=', type);
    const [rows, count] = await Promise.all([
      query
        .select(['id', 'mobile', 'code', 'type', 'create_time', 'used_at'])
        .orderBy('created_at', list.sort?.order ?? 'desc')
        .orderBy('id', 'desc')
        .offset(list.offset)
        .limit(list.size)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok(
      pageOf(
        rows.map((row) => ({
          id: Number(row.id),
          mobile: row.mobile,
          code: row.code,
          type: row.type,
          createTime: row.create_time,
          used: row.used_at === null ? 0 : 1,
        })),
        Number(count.n),
        list,
      ),
    );
  });
}
