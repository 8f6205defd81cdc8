import { Type } from '@sinclair/typebox';
import { Answers, Body, LongText, Query, Row } from '../http/schemas/formats';

/**
 * What a sensitive-word import accepts and answers (server/README.md, "Route schemas"): the text of a .txt file,
 * one word a line (CR LF read as LF); a missing or blank text keeps the handler's message.
 */
export const IMPORT_MAX_CHARS = 500_000;

export const importSchema = (label: string) => ({
  summary: `导入${label}（文本，每行一个）`,
  querystring: Query({}),
  body: Body({ text: Type.Optional(LongText({ title: '导入的文本', max: IMPORT_MAX_CHARS })) }),
  response: Answers(Row({ added: Type.Integer(), duplicates: Type.Integer(), tooLong: Type.Integer() })),
});
