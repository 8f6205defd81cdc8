import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { BusinessError } from '../http/errors';
import type { EsignV3Settings } from './esignSettings';

/**
 * e签宝 open API v3 over fetch (e签宝 publishes no maintained npm SDK). Every request is signed as its v3 docs
 * define: Content-MD5 is the base64 of the body's MD5, and X-Tsign-Open-Ca-Signature the base64 HMAC-SHA256,
 * under the app secret, of "METHOD\nAccept\nContent-MD5\nContent-Type\nDate\n" followed by the path and its
 * query sorted by key. An answer is {code, message, data}; code 0 is success, any other is a BusinessError
 * with a Chinese message (esignErrorMessage).
 */

const ACCEPT = '*/*';
const JSON_TYPE = 'application/json; charset=UTF-8';
/** A callback older (or newer) than this is refused: a recorded one cannot be replayed later. */
export const CALLBACK_MAX_SKEW_MS = 5 * 60_000;

export function contentMd5(body: Uint8Array | string): string {
  return createHash('md5').update(body).digest('base64');
}

/** The path with its query's parameters sorted by key, as the signature covers it. */
function signedPath(pathAndQuery: string): string {
  const [path, query] = pathAndQuery.split('?', 2);
  if (!query) return path;
  const pairs = query
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=', 2) as [string, string | undefined]);
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${path}?${pairs.map(([key, value]) => (value === undefined ? key : `${key}=${value}`)).join('&')}`;
}

export function requestSignature(
  secret: string,
  request: { method: string; contentMd5: string; contentType: string; pathAndQuery: string },
): string {
  const text = `${request.method}\n${ACCEPT}\n${request.contentMd5}\n${request.contentType}\n\n${signedPath(request.pathAndQuery)}`;
  return createHmac('sha256', secret).update(text, 'utf8').digest('base64');
}

/** e签宝's callback signature: hex HMAC-SHA256, under the app secret, of the timestamp followed by the raw body. */
export function callbackSignature(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}${rawBody}`, 'utf8').digest('hex');
}

/** Whether a callback is e签宝's own and fresh (timestamp in milliseconds within CALLBACK_MAX_SKEW_MS). */
export function callbackIsGenuine(
  secret: string,
  headers: { signature?: string; timestamp?: string },
  rawBody: string,
  now = Date.now(),
): boolean {
  const { signature = '', timestamp = '' } = headers;
  if (!/^\d{10,16}$/.test(timestamp) || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  if (Math.abs(now - Number(timestamp)) > CALLBACK_MAX_SKEW_MS) return false;
  const expected = Buffer.from(callbackSignature(secret, timestamp, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'));
}

/** e签宝's documented error codes the platform words itself; any other is shown with e签宝's own message. */
const ERROR_MESSAGES: Readonly<Record<number, string>> = {
  401: 'e签宝鉴权失败：请检查 ESIGN_APP_ID 与 ESIGN_APP_SECRET',
  1435002: 'e签宝参数错误：请检查签署人手机号和姓名',
  1435011: 'e签宝文件不存在或尚未上传完成，请稍后重试',
  1437511: 'e签宝签署流程不存在',
  1437304: 'e签宝签署流程已结束，不能再签署',
};

export function esignErrorMessage(code: number, message: string): string {
  return ERROR_MESSAGES[code] ?? `e签宝服务出错（${code}）：${message || '未知错误'}`;
}

export const ESIGN_UNAVAILABLE = 'e签宝服务暂时无法访问，请稍后重试';

export interface SignFieldPosition {
  page: number;
  x: number;
  y: number;
}

/**
 * Who signs on e签宝's page: a person for themself (psnSignerInfo), or an organisation (orgSignerInfo, named with
 * its unified social credit code) through its transactor (经办人), who does the willingness check and signs.
 */
export type EsignSignatory =
  | { kind: 'person'; mobile: string; name: string }
  | { kind: 'organisation'; orgName: string; creditCode: string; transactor: { mobile: string; name: string } };

/** An organisation whose seal e签宝 applies by itself (autoSign): it has authorised the app to seal silently. */
export interface EsignAutoSeal {
  orgName: string;
  creditCode: string;
  position: SignFieldPosition;
}

export interface EsignV3Client {
  uploadFile(content: Uint8Array, fileName: string): Promise<string>;
  createFlow(input: {
    title: string;
    fileId: string;
    fileName: string;
    signer: EsignSignatory;
    position: SignFieldPosition;
    autoSeal?: EsignAutoSeal;
  }): Promise<string>;
  /** The signing page of the flow's signer (its person, or its organisation's transactor). */
  signUrl(signFlowId: string, signer: EsignSignatory): Promise<string>;
  /** The flow's signed files (downloaded from e签宝's short-lived URLs). */
  signedFiles(signFlowId: string): Promise<{ fileName: string; content: Uint8Array }[]>;
}

function organisation(orgName: string, creditCode: string) {
  return { orgName, orgInfo: { orgIDCardNum: creditCode, orgIDCardType: 'CRED_ORG_USCC' } };
}

/** What create-by-file's signers[] says of one signer (signerType 0 person, 1 organisation). */
function signerInfo(signer: EsignSignatory) {
  if (signer.kind === 'person') {
    return { signerType: 0, psnSignerInfo: { psnAccount: signer.mobile, psnInfo: { psnName: signer.name } } };
  }
  return {
    signerType: 1,
    orgSignerInfo: {
      ...organisation(signer.orgName, signer.creditCode),
      transactorInfo: { psnAccount: signer.transactor.mobile, psnInfo: { psnName: signer.transactor.name } },
    },
  };
}

function signField(fileId: string, position: SignFieldPosition, autoSign: boolean) {
  return {
    fileId,
    normalSignFieldConfig: {
      ...(autoSign ? { autoSign: true } : {}),
      freeMode: false,
      signFieldStyle: 1,
      signFieldPosition: { positionPage: String(position.page), positionX: position.x, positionY: position.y },
    },
  };
}

export function esignV3Client(settings: EsignV3Settings, fetchImpl: typeof fetch = fetch): EsignV3Client {
  async function call<T>(method: 'GET' | 'POST', pathAndQuery: string, body?: object): Promise<T> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const md5 = text ? contentMd5(text) : '';
    const headers: Record<string, string> = {
      Accept: ACCEPT,
      'Content-Type': JSON_TYPE,
      'Content-MD5': md5,
      'X-Tsign-Open-App-Id': settings.appId,
      'X-Tsign-Open-Auth-Mode': 'Signature',
      'X-Tsign-Open-Ca-Timestamp': String(Date.now()),
      'X-Tsign-Open-Ca-Signature': requestSignature(settings.appSecret, {
        method,
        contentMd5: md5,
        contentType: JSON_TYPE,
        pathAndQuery,
      }),
    };
    let answer: { code?: unknown; message?: unknown; data?: unknown };
    try {
      const response = await fetchImpl(`${settings.endpoint}${pathAndQuery}`, {
        method,
        headers,
        ...(text ? { body: text } : {}),
        signal: AbortSignal.timeout(15_000),
      });
      answer = (await response.json()) as typeof answer;
    } catch {
      throw new BusinessError(ESIGN_UNAVAILABLE);
    }
    const code = Number(answer?.code);
    if (code !== 0) throw new BusinessError(esignErrorMessage(code, String(answer?.message ?? '')));
    return answer.data as T;
  }

  async function fetchBytes(url: string, init?: RequestInit): Promise<Response> {
    try {
      const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(30_000) });
      if (!response.ok) throw new Error(String(response.status));
      return response;
    } catch {
      throw new BusinessError(ESIGN_UNAVAILABLE);
    }
  }

  return {
    async uploadFile(content, fileName) {
      const md5 = contentMd5(content);
      const data = await call<{ fileId: string; fileUploadUrl: string }>('POST', '/v3/files/file-upload-url', {
        contentMd5: md5,
        contentType: 'application/pdf',
        convertToPDF: false,
        fileName,
        fileSize: content.length,
      });
      await fetchBytes(data.fileUploadUrl, {
        method: 'PUT',
        headers: { 'Content-MD5': md5, 'Content-Type': 'application/pdf' },
        body: new Uint8Array(content),
      });
      return data.fileId;
    },

    async createFlow({ title, fileId, fileName, signer, position, autoSeal }) {
      const sealed = autoSeal
        ? [
            {
              signerType: 1,
              orgSignerInfo: organisation(autoSeal.orgName, autoSeal.creditCode),
              signFields: [signField(fileId, autoSeal.position, true)],
            },
          ]
        : [];
      const data = await call<{ signFlowId: string }>('POST', '/v3/sign-flow/create-by-file', {
        docs: [{ fileId, fileName }],
        signFlowConfig: {
          signFlowTitle: title,
          autoFinish: true,
          ...(settings.notifyUrl ? { notifyUrl: settings.notifyUrl } : {}),
        },
        signers: [{ ...signerInfo(signer), signFields: [signField(fileId, position, false)] }, ...sealed],
      });
      return data.signFlowId;
    },

    async signUrl(signFlowId, signer) {
      const mobile = signer.kind === 'person' ? signer.mobile : signer.transactor.mobile;
      const data = await call<{ url: string; shortUrl?: string }>(
        'POST',
        `/v3/sign-flow/${encodeURIComponent(signFlowId)}/sign-url`,
        {
          needLogin: false,
          urlType: 2,
          operator: { psnAccount: mobile },
          ...(signer.kind === 'organisation' ? { organization: { orgName: signer.orgName } } : {}),
        },
      );
      return data.url;
    },

    async signedFiles(signFlowId) {
      const data = await call<{ files?: { fileName?: string; downloadUrl?: string }[] }>(
        'GET',
        `/v3/sign-flow/${encodeURIComponent(signFlowId)}/file-download-url`,
      );
      const files = [];
      for (const file of data.files ?? []) {
        if (!file.downloadUrl) continue;
        const response = await fetchBytes(file.downloadUrl);
        files.push({
          fileName: file.fileName ?? `${signFlowId}.pdf`,
          content: new Uint8Array(await response.arrayBuffer()),
        });
      }
      return files;
    },
  };
}
