import { Type } from '@sinclair/typebox';
import { FileAnswer, PageQuery, Params, Text } from '../http/schemas/formats';
import { EXPORT_MSG } from './listExport';

/**
 * What a list export accepts and answers (server/README.md, "Route schemas"). The list's own filters (platformmark,
 * a status) are passed on to it as sent, so only the export's own keys are declared and any other is text without
 * control characters; the handler keeps its messages for an unknown list or format. A function: listExport.ts,
 * whose messages these are, imports it.
 */
export const listExportSchema = () => ({
  summary: '导出列表（xlsx 或 csv，与列表相同的筛选和排序）',
  params: Params({ name: Text({ title: '列表名称', max: 64, message: EXPORT_MSG.unknown }) }),
  querystring: Type.Object(
    { ...PageQuery(), format: Type.Optional(Text({ title: '导出格式', max: 8, message: EXPORT_MSG.format })) },
    // The list's own filters: any key, as text without control characters (the engine reads them directly).
    { additionalProperties: Text({ max: 4096 }) },
  ),
  response: FileAnswer(
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
    '导出的 xlsx 或 csv 文件',
  ),
});
