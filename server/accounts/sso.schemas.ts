import { Answers, Query } from '../http/schemas/formats';
import { loginContent } from './auth.schemas';
import { formBody, formText } from './publicSchemas';

/**
 * Single sign-on from another system (server/README.md, "Route schemas"): `userInf` is the signed assertion (a
 * JWT); whatever is wrong with it answers the one message 单点登录失败，请重新登录.
 */
export const ssoLoginSchema = {
  summary: '单点登录（凭对方系统签发的断言）',
  querystring: Query({}),
  body: formBody({ userInf: formText(4096), platformMark: formText(8), platformmark: formText(8) }),
  response: Answers(loginContent),
};
