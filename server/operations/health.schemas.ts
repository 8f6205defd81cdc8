import { Type } from '@sinclair/typebox';
import { Envelope, Nullable, Query, Row } from '../http/schemas/formats';

/**
 * What GET /api/health answers (server/README.md, "Route schemas"): the same content at 200 (serving) and at 503
 * (its database does not answer), so a supervisor reads either the same way; a 503 while the process stops carries
 * no content (「服务器正在重启，请稍后再试」), which the schema must keep null rather than serialize as {}.
 */
const health = Row({
  status: Type.String({ enum: ['up', 'down'] }),
  version: Type.String(),
  uptimeSeconds: Type.Integer(),
  pid: Type.Integer(),
  database: Row({
    dialect: Type.String({ enum: ['postgres', 'sqlite'] }),
    reachable: Type.Boolean(),
    latencyMs: Type.Number(),
    error: Type.Optional(Type.String()),
  }),
});

export const healthSchema = {
  summary: '健康检查：进程、版本和数据库是否可用',
  querystring: Query({}),
  response: {
    200: Envelope(health),
    503: { ...Envelope(Nullable(health)), description: '数据库无应答，或进程正在停止（content 为 null）' },
  },
};
