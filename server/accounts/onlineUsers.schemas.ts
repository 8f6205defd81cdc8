import { Answers, Fields, IdParam, OptionalBody, Params, Query } from '../http/schemas/formats';

/** 在线用户's 强退 (server/README.md, "Route schemas"). */
export const forceLogoutSchema = {
  summary: '强退一个在线会话',
  params: Params({ id: IdParam('会话编号') }),
  querystring: Query({}),
  body: OptionalBody({}),
  response: Answers(Fields({ id: 'integer', username: 'string' })),
};
