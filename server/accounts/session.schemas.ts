import { Type } from '@sinclair/typebox';
import { Answers, IdParam, Params, Query, Row } from '../http/schemas/formats';

/** The calls every screen makes for the logged-in user (server/README.md, "Route schemas"). */
export const serviceChargeSchema = {
  summary: '当前公司各版本的服务费率',
  querystring: Query({}),
  response: Answers(
    Type.Array(
      Row({
        companyType: Type.Integer(),
        platformMark: Type.Integer(),
        isCheck: Type.Integer({ description: '1 已与代征方签署服务协议，0 未签署' }),
      }),
    ),
  ),
};

export const unreadNoticesSchema = {
  summary: '未读公告数',
  querystring: Query({}),
  response: Answers(Type.Integer({ minimum: 0 })),
};

export const signStatusSchema = {
  summary: '公司与平台的签约状态',
  params: Params({ coid: IdParam('公司编号') }),
  querystring: Query({}),
  response: Answers(
    Row({
      signStatus: Type.Integer(),
      fddCorpFreeStatus: Type.Integer(),
      certificationType: Type.Integer(),
      sub_status: Type.Integer(),
      confirmed: Type.Boolean(),
    }),
  ),
};
