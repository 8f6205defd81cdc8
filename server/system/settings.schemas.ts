import { Type } from '@sinclair/typebox';
import { Answers, Body, Query, Row, Text } from '../http/schemas/formats';

/**
 * What 通用设置 accepts and answers (server/README.md, "Route schemas"). The form's rules (name length, phone,
 * URL, host names) keep their messages in src/domain/platformSettings.ts settingsProblem; the schema bounds the
 * types, lengths and characters. Cleared fields may come as null.
 */
const field = (title: string, max = 256) => Type.Optional(Text({ title, max, blank: true }));
export const HOSTS_MSG = '域名设置最多50条';

const hostRule = Row({
  host: Type.String(),
  filingNumber: Type.String(),
  imageHost: Type.String(),
  isTest: Type.Boolean(),
  remark: Type.String(),
});
const settings = Row({
  platformName1: Type.String(),
  platformName3: Type.String(),
  servicePhone: Type.String(),
  filingNumber: Type.String(),
  imageHost: Type.String(),
  hosts: Type.Array(hostRule),
});

export const publicSettingsSchema = {
  summary: '公开的通用设置：平台名称、客服电话、本域名的备案号和图片域名',
  querystring: Query({ host: Type.Optional(Text({ title: '域名', max: 256 })) }),
  response: Answers(
    Row({
      platformName: Row({ 1: Type.String(), 3: Type.String() }),
      servicePhone: Type.String(),
      filingNumber: Type.String(),
      imageHost: Type.String(),
      testEnvironment: Type.Boolean(),
    }),
  ),
};

export const readSettingsSchema = {
  summary: '通用设置（含域名规则）',
  querystring: Query({}),
  response: Answers(settings),
};

export const saveSettingsSchema = {
  summary: '保存通用设置（域名规则整体替换）',
  querystring: Query({}),
  body: Body({
    platformName1: field('标准版平台名称'),
    platformName3: field('小规模版平台名称'),
    servicePhone: field('客服电话', 64),
    filingNumber: field('备案号'),
    imageHost: field('图片域名', 512),
    hosts: Type.Optional(
      Type.Array(
        Row({
          host: field('域名'),
          filingNumber: field('备案号'),
          imageHost: field('图片域名', 512),
          // Longer remarks are cut to 128 characters by the handler, as before.
          remark: field('备注', 1024),
        }),
        { maxItems: 50, 'x-message': HOSTS_MSG },
      ),
    ),
  }),
  response: Answers(settings),
};
