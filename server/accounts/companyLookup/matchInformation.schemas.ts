import { Type } from '@sinclair/typebox';
import { Answers, Query, Row, Text } from '../../http/schemas/formats';

/**
 * The business-registry calls for operators (server/README.md, "Route schemas"): `name` of 2-64 characters,
 * required. It keeps no title, so a refusal names the parameter itself (请求参数有误：缺少 name).
 */
const byName = Query({ name: Text({ min: 2, max: 64 }) });
/** A registry record: the name is always there; the other 天眼查 fields are passed on as the registry gave them. */
const company = Row({ name: Type.String() });

export const registryRecordSchema = {
  summary: '按企业名称查询工商登记信息',
  querystring: byName,
  response: Answers(company),
};

export const registrySearchSchema = {
  summary: '按名称搜索工商登记的企业（最多 20 条）',
  querystring: byName,
  response: Answers(Type.Array(company)),
};
