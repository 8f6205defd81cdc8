import { Type } from '@sinclair/typebox';
import { Answers, ListQuery, Page, Row, Text } from '../http/schemas/formats';
import { XLSX } from './reports.schemas';

/**
 * What 税费计算 accepts and answers (server/README.md, "Route schemas"). The edition, month, q= filters and the
 * fullId flag keep their messages in the handlers; the rows carry the formula's lines as tax.routes.ts flatRow
 * writes them and pass as they are.
 */
const word = (title: string, max = 16) => Type.Optional(Text({ title, max }));
const taxQuery = { platformmark: word('版本', 8), month: word('月份') };

export const taxSchema = {
  summary: '税费计算：某月按签约主体和人员的个税、增值税及附加',
  querystring: ListQuery(taxQuery),
  response: Answers(
    Row({
      ...Page(Row({})).properties,
      rule: Type.String({ enum: ['cumulative', 'perPayment'] }),
      month: Type.String(),
      platformMark: Type.Integer(),
    }),
  ),
};

export const taxExportSchema = {
  summary: '导出税费计算（xlsx，含合计行；fullId=1 含完整身份证号）',
  querystring: ListQuery({ ...taxQuery, fullId: word('完整身份证号', 4) }),
  response: XLSX,
};
