import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../appServices';
import type { EsignFlowOwner } from './esignFlows';
import { callbackIsGenuine, type EsignV3Client, esignV3Client } from './esignV3Client';

/**
 * POST /api/v1/open/esign/callback  e签宝's flow events (ESIGN_PROVIDER=esign only), refused (401) unless signed
 * with the app secret and fresh (esignV3Client.callbackIsGenuine). SIGN_FLOW_COMPLETE goes to the owner whose
 * record keeps the flow (a worker's agreement, a merchant's contract: EsignFlowOwner), which downloads the signed
 * file and marks the record signed once; a repeated callback of a signed flow changes nothing.
 */

/** The flow completed (signFlowStatus 2 in e签宝's SIGN_FLOW_COMPLETE event). */
const FLOW_COMPLETED = 2;
export const ESIGN_CALLBACK_MSG = { refused: '签名校验失败', ok: 'success' } as const;

/** Makes one kind's owner from the app's services and the e签宝 client. */
export type EsignFlowOwnerFactory = (services: AppServices, client: EsignV3Client) => EsignFlowOwner;

export async function esignCallbackRoutes(
  app: FastifyInstance,
  services: AppServices,
  owners: readonly EsignFlowOwnerFactory[],
): Promise<void> {
  const settings = services.config.esign;
  if (settings.provider !== 'esign') return;
  const client = esignV3Client(settings);
  const flowOwners = owners.map((owner) => owner(services, client));

  await app.register(async (open) => {
    // The signature covers the raw body, so it is read as the text e签宝 sent.
    open.removeAllContentTypeParsers();
    open.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    open.post('/api/v1/open/esign/callback', { config: { access: { public: true } } }, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const genuine = callbackIsGenuine(
        settings.appSecret,
        { signature: header('x-tsign-open-signature'), timestamp: header('x-tsign-open-timestamp') },
        raw,
      );
      if (!genuine) return reply.status(401).send({ code: '401', msg: ESIGN_CALLBACK_MSG.refused });
      let event: { action?: unknown; signFlowId?: unknown; signFlowStatus?: unknown };
      try {
        event = JSON.parse(raw);
      } catch {
        return reply.status(400).send({ code: '400', msg: '回调内容不是 JSON' });
      }
      const flowId = typeof event?.signFlowId === 'string' ? event.signFlowId : '';
      if (event?.action === 'SIGN_FLOW_COMPLETE' && Number(event.signFlowStatus) === FLOW_COMPLETED && flowId) {
        for (const owner of flowOwners) if (await owner.complete(flowId, request)) break;
      }
      return { code: '200', msg: ESIGN_CALLBACK_MSG.ok };
    });
  });
}
