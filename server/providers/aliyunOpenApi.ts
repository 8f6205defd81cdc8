import { createRequire } from 'node:module';
import type { $OpenApiUtil as OpenApiUtil } from '@alicloud/openapi-core';

const require = createRequire(import.meta.url);
// CommonJS package: required, so the class is the same under tsx, Node and vitest.
const { $OpenApiUtil } = require('@alicloud/openapi-core') as typeof import('@alicloud/openapi-core');

/**
 * The client settings every Aliyun OpenAPI SDK takes (SMS, 实名核验): the account's key, the endpoint from
 * settings (public by default, a loopback fake in tests: http or https by its scheme), short timeouts.
 */
export function aliyunClientConfig(settings: {
  accessKeyId: string;
  accessKeySecret: string;
  endpoint: string;
}): OpenApiUtil.Config {
  const endpoint = new URL(settings.endpoint);
  return new $OpenApiUtil.Config({
    accessKeyId: settings.accessKeyId,
    accessKeySecret: settings.accessKeySecret,
    endpoint: endpoint.host,
    protocol: endpoint.protocol === 'http:' ? 'HTTP' : 'HTTPS',
    regionId: 'cn-hangzhou',
    connectTimeout: 5000,
    readTimeout: 10_000,
  });
}
