import { Answers, Fields, FileAnswer, HandlerText, OptionalBody, Query } from '../http/schemas/formats';

/**
 * What the tax filing exports and 标记已申报 accept and answer (server/README.md, "Route schemas"): types,
 * characters and lengths; the handlers keep the month, quarter and entity rules with their messages.
 */
const word = HandlerText;
const XLSX = FileAnswer(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], 'xlsx 表格');
const filing = { platformmark: word('平台版本', 8), enterpriseId: word('签约主体编号', 20) };

export const declarationSchema = {
  summary: '导出扣缴申报表（劳务报酬，含完整身份证号）',
  querystring: Query({ ...filing, month: word('所属月份', 16) }),
  response: XLSX,
};
export const quarterlySchema = {
  summary: '导出季度涉税信息报送表（含完整身份证号）',
  querystring: Query({ ...filing, quarter: word('所属季度', 16) }),
  response: XLSX,
};
export const filingSchema = {
  summary: '标记某签约主体某月已申报',
  querystring: Query({}),
  body: OptionalBody({ ...filing, month: word('所属月份', 16), reference: word('申报凭证号', 256) }),
  response: Answers(
    Fields({ id: 'integer', amount: 'number', enterpriseId: 'integer', month: 'string', reference: 'string' }),
  ),
};
