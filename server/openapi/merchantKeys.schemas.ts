import { Type } from '@sinclair/typebox';
import { Answers, Fields, Query } from '../http/schemas/formats';

/** What the merchant's 开放接口 page reads (server/README.md, "Route schemas"). */
export const merchantKeysSchema = {
  summary: '本商户的开放接口密钥（只读，不含密钥与签名密钥本身）',
  querystring: Query({}),
  response: Answers(
    Type.Array(
      Fields({
        id: 'integer',
        caller: 'string',
        keyPrefix: 'string',
        keyId: 'string',
        scopes: Type.Array(Type.String()),
        expireTime: 'string',
        callsPerMinute: 'integer',
        status: 'integer',
        expired: 'boolean',
        previousValidUntil: 'string',
        createTime: 'string',
        lastUsedTime: 'string',
      }),
    ),
  ),
};

export const merchantDocumentSchema = {
  summary: '开放接口文档（OpenAPI 3.1，只含开放接口部分，登录的商户可读）',
  querystring: Query({}),
  response: Answers(Type.Object({}, { additionalProperties: true, description: 'OpenAPI 3.1 文档的开放接口部分' })),
};
