import { Type } from '@sinclair/typebox';
import { Answers, IdParam, ListQuery, Page, Params, Row, Text } from '../http/schemas/formats';
import { METRIC_KEYS } from './reports.repository';

/**
 * What one company's monthly summary accepts and answers (server/README.md, "Route schemas"): every metric is a
 * number (companySummary.repository.ts), the balance too; the edition keeps editionParam's messages.
 */
const metrics = Object.fromEntries(METRIC_KEYS.map((key) => [key, Type.Number()]));

export const companySummarySchema = {
  summary: '企业按月汇总（某版本，最新月份在前）、合计和余额',
  params: Params({ coid: IdParam('企业编号'), mark: Text({ title: '版本', max: 8 }) }),
  querystring: ListQuery(),
  response: Answers(
    Row({
      ...Page(Row({ month: Type.String(), ...metrics })).properties,
      totals: Row(metrics),
      balance: Type.Number(),
    }),
  ),
};
