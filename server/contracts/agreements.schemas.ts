import { Answers, IdParam, OptionalBody, Params, Query, Row } from '../http/schemas/formats';

/** The agreement routes that declare their schema (server/README.md, "Route schemas"). */
export const withdrawSchema = {
  summary: '商户撤回尚未签署的协议',
  params: Params({ id: IdParam('合同编号') }),
  querystring: Query({}),
  body: OptionalBody({}),
  // The agreement's signing state, as 查看 shows it.
  response: Answers(Row({})),
};
