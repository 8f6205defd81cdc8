import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppServices } from './appServices';
import { registerAccessControl } from './auth/access';
import { createTokenService } from './auth/tokens';
import type { ServerConfig } from './config';
import type { Db } from './db/database';
import { registerEnvelopeErrors } from './http/envelope';
import { apiRoutes } from './routes/index';
import { createLogSmsSender, type SmsSender } from './services/sms/smsSender';
import { registerWebApp } from './webApp';

export interface BuildOptions {
  config: ServerConfig;
  db: Db;
  sms?: SmsSender;
  logger?: boolean | object;
}

/** Builds the whole server as one Fastify instance; tests build it and call `inject`. */
export async function buildApp({ config, db, sms, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, redact: ['req.headers.authorization', 'body.password'] },
    trustProxy:
      config.trustProxy === false ? false : (_address: string, hop: number) => hop < (config.trustProxy as number),
    bodyLimit: 12 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.decorateRequest('auth', null);
  registerEnvelopeErrors(app);
  await app.register(formbody);

  const services: AppServices = {
    db,
    config,
    tokens: createTokenService(config.jwtSecret, config.tokenTtlSeconds),
    sms: sms ?? createLogSmsSender(app.log, config.logSmsCodes),
  };
  // API routes live in their own context so the access hook never touches the static web app.
  await app.register(async (api) => {
    registerAccessControl(api, db, services.tokens);
    await apiRoutes(api, services);
  });
  await registerWebApp(app, config);
  return app;
}
