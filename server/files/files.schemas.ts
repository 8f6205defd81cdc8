import { Type } from '@sinclair/typebox';
import { Answers, Fields, FileAnswer, Id, Query, Text } from '../http/schemas/formats';

/**
 * What the upload and download routes accept and answer (server/README.md, "Route schemas"). The upload's file and
 * kind are multipart parts, checked by the handler (type, size, decoding budget) with the spec's messages. A
 * download's `rn` is the name the upload link carries, kept as any text so a link already handed out keeps
 * working; the handler cleans it and keeps the stored file's extension.
 */
const fileId = Type.Optional(Id({ title: '文件编号', digits: true }));
const downloadName = Type.Optional(
  Type.String({ maxLength: 1000, description: '下载时的文件名（须与原文件同扩展名）' }),
);

export const uploadSchema = {
  summary: '上传文件（multipart，字段 file；kind 为 image 或 annex，默认 image）',
  querystring: Query({ kind: Type.Optional(Text({ title: '文件类型', max: 16, blank: true })) }),
  body: Type.Unsafe({ description: 'multipart/form-data，字段 file：文件；kind：image 或 annex' }),
  consumes: ['multipart/form-data'],
  response: Answers(Fields({ id: 'integer', url: 'string', name: 'string' })),
};
export const downloadTokenSchema = {
  summary: '文件的 5 分钟下载链接（链接和图片无法携带登录凭证）',
  querystring: Query({ file: fileId }),
  response: Answers(Fields({ url: 'string', t: 'string', expireTime: 'string' })),
};
export const downloadSchema = {
  summary: '下载文件（登录凭证或下载链接的签名 t）',
  querystring: Query({
    file: fileId,
    rn: downloadName,
    t: Type.Optional(Type.String({ maxLength: 2048, description: '下载链接的签名' })),
  }),
  response: FileAnswer(['application/octet-stream'], '文件（内容类型为上传时识别的类型）'),
};
export const watermarkSchema = {
  summary: '下载加水印的文件（PDF 或图片，水印写明下载人和时间，图片转为 PDF）',
  querystring: Query({ file: Id({ title: '文件编号', digits: true }), rn: downloadName }),
  response: FileAnswer(['application/pdf'], '加水印的 PDF'),
};
