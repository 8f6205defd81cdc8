import { requestContent } from '../../../providers/httpClient';
import type { OpenScope } from '../../domain/openApiRules';

/** One key as GET /api/v1/openapi/keys answers it: never the key or the signing secret themselves. */
export interface MerchantOpenKey {
  id: number;
  caller: string;
  keyPrefix: string;
  keyId: string | null;
  scopes: OpenScope[];
  expireTime: string | null;
  callsPerMinute: number;
  status: number;
  expired: boolean;
  previousValidUntil: string | null;
  createTime: string;
  lastUsedTime: string | null;
}

/** The part of the OpenAPI document the page reads: operations and the tag's text. */
export interface OpenApiDocument {
  info?: { title?: string; version?: string };
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, { summary?: string; description?: string }>>;
}

export function fetchMerchantKeys(): Promise<MerchantOpenKey[]> {
  return requestContent('/api/v1/openapi/keys', { silent: true });
}

export function fetchOpenApiDocument(): Promise<OpenApiDocument> {
  return requestContent('/api/v1/openapi/document', { silent: true });
}
