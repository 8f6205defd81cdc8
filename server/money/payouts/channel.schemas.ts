import { Type } from '@sinclair/typebox';
import type { FastifySchema } from 'fastify';
import { Answers, IdParam, OptionalBody, Params, Query, Row, Text } from '../../http/schemas/formats';

/** What the payout channel routes accept and answer (server/README.md, "Route schemas"). */
// Typed as a plain FastifySchema: the answer's status is the channel's (200, or 4xx for a refused notification).
export const notifySchema: FastifySchema = {
  summary: '打款通道的异步通知（验签后按通道的格式应答）',
  params: Params({ provider: Text({ title: '通道', max: 32 }) }),
  querystring: Query({}),
  // The raw text the channel signed: never trimmed or normalised, or its signature would no longer match.
  body: Type.String({ maxLength: 1_000_000 }),
  response: { 200: Type.Unknown({ description: '通道要求的应答（格式由通道决定）' }) },
};

const itemParams = Params({ id: IdParam('明细编号') });
const operatorAction = (summary: string) => ({
  summary,
  params: itemParams,
  querystring: Query({}),
  body: OptionalBody({}),
  response: Answers(Row({ id: Type.Integer(), status: Type.Integer() })),
});

export const queryItemSchema = operatorAction('向通道查询一笔打款的状态');
export const releaseItemSchema = operatorAction('放行一笔挂单的打款');
export const cancelItemSchema = operatorAction('撤销一笔挂单的打款（通道确认不付后退回）');
