import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';

/**
 * A loopback e签宝 open API v3 for tests: it checks every request as e签宝 does — the app id, Content-MD5 (base64
 * of the body's MD5) and X-Tsign-Open-Ca-Signature (base64 HMAC-SHA256 of
 * "METHOD\nAccept\nContent-MD5\nContent-Type\nDate\n" + path with its query sorted by key), computed here from the
 * documented algorithm, not with the app's code — and answers {code, message, data} with e签宝's codes. It keeps
 * uploaded files (PUT to the upload URL, checked against the announced Content-MD5), makes flows, "signs" one
 * when the test says so, serves the signed file and builds the signed completion callback.
 * A flow's signer is a person (signerType 0, psnSignerInfo) or an organisation (signerType 1, orgSignerInfo with
 * its name, unified social credit code and transactor, whose signing page names the organisation); an
 * organisation's field with autoSign is sealed by e签宝 itself (no transactor, nobody's page).
 */

export interface EsignFake {
  url: string;
  appId: string;
  /** The secret the fake checks with (a test may change it to play a wrong app secret). */
  appSecret: string;
  /** Uploaded files by fileId. */
  files: Map<string, { name: string; content: Buffer }>;
  flows: Map<string, EsignFakeFlow>;
  /** Requests refused, with the reason (a test asserts none were refused in a good flow). */
  refusals: string[];
  /** The next call of `path` answers this e签宝 error code instead. */
  failNext(path: string, code: number, message: string): void;
  /** The signer signs on e签宝's page: the flow completes with a signed copy of its file. */
  sign(flowId: string): Promise<Buffer>;
  /** The SIGN_FLOW_COMPLETE callback e签宝 would post, signed with `secret` (the app secret by default). */
  completionCallback(
    flowId: string,
    options?: { secret?: string; timestamp?: number },
  ): { headers: Record<string, string>; payload: string };
  close(): Promise<void>;
}

type Position = { positionPage: string; positionX: number; positionY: number };

export interface EsignFakeOrg {
  orgName: string;
  orgIDCardNum: string;
  orgIDCardType: string;
}

export interface EsignFakeFlow {
  fileId: string;
  fileName: string;
  title: string;
  /** The signer who signs on e签宝's page: the person, or the organisation's transactor. */
  psnAccount: string;
  psnName: string;
  /** The organisation the signer signs for (orgSignerInfo), if any. */
  org?: EsignFakeOrg;
  position: Position;
  /** Organisations e签宝 seals by itself (autoSign fields). */
  autoSeals: (EsignFakeOrg & { position: Position })[];
  notifyUrl?: string;
  status: number;
  signed?: Buffer;
}

function md5Base64(body: Buffer): string {
  return createHash('md5').update(body).digest('base64');
}

function expectedSignature(secret: string, request: IncomingMessage, body: Buffer): string {
  const header = (name: string) => String(request.headers[name] ?? '');
  const [path, query = ''] = (request.url ?? '').split('?');
  const sortedQuery = query
    .split('&')
    .filter(Boolean)
    .sort((a, b) => (a.split('=')[0] < b.split('=')[0] ? -1 : 1))
    .join('&');
  const text = [
    request.method,
    header('accept'),
    body.length ? md5Base64(body) : '',
    header('content-type'),
    header('date'),
    sortedQuery ? `${path}?${sortedQuery}` : path,
  ].join('\n');
  return createHmac('sha256', secret).update(text).digest('base64');
}

const USCC = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

interface FakeSigner {
  psnAccount?: string;
  psnName?: string;
  org?: EsignFakeOrg;
  autoSign: boolean;
  position: Position;
}

/** create-by-file's signers as e签宝 documents them, or null when one is malformed. */
function readSigners(raw: unknown): FakeSigner[] | null {
  if (!Array.isArray(raw) || raw.length === 0) return null;
  const signers: FakeSigner[] = [];
  for (const signer of raw) {
    const config = signer?.signFields?.[0]?.normalSignFieldConfig;
    const position = config?.signFieldPosition;
    if (!position?.positionPage) return null;
    const autoSign = config.autoSign === true;
    const person = (info: { psnAccount?: unknown; psnInfo?: { psnName?: unknown } } | undefined) =>
      /^1\d{10}$/.test(String(info?.psnAccount)) && typeof info?.psnInfo?.psnName === 'string' && info.psnInfo.psnName
        ? { psnAccount: String(info.psnAccount), psnName: info.psnInfo.psnName }
        : null;
    if (signer.signerType === 0) {
      const psn = person(signer.psnSignerInfo);
      if (!psn || autoSign) return null;
      signers.push({ ...psn, autoSign, position });
    } else if (signer.signerType === 1) {
      const info = signer.orgSignerInfo;
      const org = {
        orgName: String(info?.orgName ?? ''),
        orgIDCardNum: String(info?.orgInfo?.orgIDCardNum ?? ''),
        orgIDCardType: String(info?.orgInfo?.orgIDCardType ?? ''),
      };
      if (!org.orgName || !USCC.test(org.orgIDCardNum) || org.orgIDCardType !== 'CRED_ORG_USCC') return null;
      // Sealed by e签宝 itself, or signed by the organisation's transactor on its page.
      const transactor = autoSign ? null : person(info.transactorInfo);
      if (!autoSign && !transactor) return null;
      signers.push({ ...(transactor ?? {}), org, autoSign, position });
    } else return null;
  }
  return signers;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startEsignFake(appId = 'fake-app-id', appSecret = 'fake-app-secret'): Promise<EsignFake> {
  const pendingUploads = new Map<string, { name: string; md5: string; size: number }>();
  const failures = new Map<string, { code: number; message: string }>();
  const fake: EsignFake = {
    url: '',
    appId,
    appSecret,
    files: new Map(),
    flows: new Map(),
    refusals: [],
    failNext(path, code, message) {
      failures.set(path, { code, message });
    },
    async sign(flowId) {
      const flow = fake.flows.get(flowId);
      if (!flow) throw new Error(`no flow ${flowId}`);
      const file = fake.files.get(flow.fileId);
      if (!file) throw new Error(`no file ${flow.fileId}`);
      const pdf = await PDFDocument.load(file.content, { updateMetadata: false });
      pdf.setKeywords([
        `esign-fake-signed:${flowId}`,
        `signer:${flow.org?.orgName ?? flow.psnName}`,
        ...(flow.org ? [`transactor:${flow.psnName}`] : []),
        ...flow.autoSeals.map((seal) => `auto-sealed:${seal.orgName}`),
      ]);
      flow.signed = Buffer.from(await pdf.save({ useObjectStreams: false }));
      flow.status = 2;
      return flow.signed;
    },
    completionCallback(flowId, options = {}) {
      const timestamp = String(options.timestamp ?? Date.now());
      const payload = JSON.stringify({
        action: 'SIGN_FLOW_COMPLETE',
        signFlowId: flowId,
        signFlowStatus: fake.flows.get(flowId)?.status ?? 2,
        signFlowFinishTime: Date.now(),
        statusDescription: '完成',
      });
      const signature = createHmac('sha256', options.secret ?? fake.appSecret)
        .update(timestamp + payload)
        .digest('hex');
      return {
        headers: {
          'content-type': 'application/json',
          'x-tsign-open-signature': signature,
          'x-tsign-open-timestamp': timestamp,
        },
        payload,
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    response.end(JSON.stringify(body));
  };
  const success = (response: ServerResponse, data: unknown) =>
    answer(response, 200, { code: 0, message: '成功', data });
  const error = (response: ServerResponse, code: number, message: string) => {
    fake.refusals.push(`${code} ${message}`);
    answer(response, code === 401 ? 401 : 200, { code, message, data: null });
  };

  async function api(request: IncomingMessage, response: ServerResponse, body: Buffer) {
    const path = (request.url ?? '').split('?')[0];
    if (request.headers['x-tsign-open-app-id'] !== fake.appId) return error(response, 401, 'INVALID_APP_ID');
    if (request.headers['x-tsign-open-auth-mode'] !== 'Signature') return error(response, 401, 'INVALID_AUTH_MODE');
    if (!/^\d{13}$/.test(String(request.headers['x-tsign-open-ca-timestamp'] ?? ''))) {
      return error(response, 401, 'INVALID_TIMESTAMP');
    }
    if (String(request.headers['content-md5'] ?? '') !== (body.length ? md5Base64(body) : '')) {
      return error(response, 401, 'INVALID_CONTENT_MD5');
    }
    if (request.headers['x-tsign-open-ca-signature'] !== expectedSignature(fake.appSecret, request, body)) {
      return error(response, 401, 'INVALID_SIGNATURE');
    }
    const failure = failures.get(path);
    if (failure) {
      failures.delete(path);
      return error(response, failure.code, failure.message);
    }
    const json = body.length ? JSON.parse(body.toString('utf8')) : {};
    if (request.method === 'POST' && path === '/v3/files/file-upload-url') {
      if (!json.fileName || !json.contentMd5 || !Number.isInteger(json.fileSize)) {
        return error(response, 1435002, '参数错误');
      }
      const fileId = randomBytes(16).toString('hex');
      pendingUploads.set(fileId, { name: json.fileName, md5: json.contentMd5, size: json.fileSize });
      return success(response, { fileId, fileUploadUrl: `${fake.url}/upload/${fileId}?Expires=3600` });
    }
    if (request.method === 'POST' && path === '/v3/sign-flow/create-by-file') {
      const doc = json.docs?.[0];
      if (!doc || !fake.files.has(doc.fileId)) return error(response, 1435011, '文件不存在');
      const signers = readSigners(json.signers);
      const byHand = signers?.filter((signer) => !signer.autoSign) ?? [];
      if (!signers || byHand.length !== 1) return error(response, 1435002, '参数错误');
      const [signer] = byHand;
      const flowId = randomBytes(16).toString('hex');
      fake.flows.set(flowId, {
        fileId: doc.fileId,
        fileName: doc.fileName,
        title: json.signFlowConfig?.signFlowTitle,
        psnAccount: signer.psnAccount ?? '',
        psnName: signer.psnName ?? '',
        ...(signer.org ? { org: signer.org } : {}),
        position: signer.position,
        autoSeals: signers.flatMap((auto) =>
          auto.autoSign && auto.org ? [{ ...auto.org, position: auto.position }] : [],
        ),
        notifyUrl: json.signFlowConfig?.notifyUrl,
        status: 1,
      });
      return success(response, { signFlowId: flowId });
    }
    const flowMatch = /^\/v3\/sign-flow\/([0-9a-f]{32})\/(sign-url|file-download-url)$/.exec(path);
    if (flowMatch) {
      const flow = fake.flows.get(flowMatch[1]);
      if (!flow) return error(response, 1437511, '签署流程不存在');
      if (flowMatch[2] === 'sign-url' && request.method === 'POST') {
        if (json.operator?.psnAccount !== flow.psnAccount) return error(response, 1435002, '参数错误');
        // An organisation's transactor signs on the page of the organisation named.
        if (flow.org && json.organization?.orgName !== flow.org.orgName) return error(response, 1435002, '参数错误');
        return success(response, { url: `${fake.url}/sign/${flowMatch[1]}`, shortUrl: `${fake.url}/s/1` });
      }
      if (flowMatch[2] === 'file-download-url' && request.method === 'GET') {
        if (flow.status !== 2) return error(response, 1437304, '签署流程未完成');
        return success(response, {
          files: [
            { fileId: flow.fileId, fileName: flow.fileName, downloadUrl: `${fake.url}/download/${flowMatch[1]}` },
          ],
          attachments: [],
          certificateDownloadUrl: null,
        });
      }
    }
    return error(response, 404, 'NOT_FOUND');
  }

  const server = createServer(async (request, response) => {
    try {
      const body = await readBody(request);
      const path = (request.url ?? '').split('?')[0];
      const upload = /^\/upload\/([0-9a-f]{32})$/.exec(path);
      if (upload && request.method === 'PUT') {
        const pending = pendingUploads.get(upload[1]);
        const md5 = String(request.headers['content-md5'] ?? '');
        if (!pending || md5 !== pending.md5 || md5Base64(body) !== md5 || body.length !== pending.size) {
          fake.refusals.push('upload md5 mismatch');
          response.writeHead(400).end();
          return;
        }
        pendingUploads.delete(upload[1]);
        fake.files.set(upload[1], { name: pending.name, content: body });
        response.writeHead(200).end();
        return;
      }
      const download = /^\/download\/([0-9a-f]{32})$/.exec(path);
      if (download && request.method === 'GET') {
        const signed = fake.flows.get(download[1])?.signed;
        if (!signed) response.writeHead(404).end();
        else response.writeHead(200, { 'content-type': 'application/pdf' }).end(signed);
        return;
      }
      await api(request, response, body);
    } catch (caught) {
      answer(response, 500, { code: 500, message: String(caught), data: null });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
