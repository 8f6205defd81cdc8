import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerLoginRecords } from './accounts/loginRecords';
import { smsSenderOf } from './accounts/sms/smsProvider';
import type { SmsSender } from './accounts/sms/smsSender';
import type { AppServices } from './appServices';
import { registerAccessControl } from './auth/access';
import { createTokenService } from './auth/tokens';
import type { ServerConfig } from './config';
import type { Db } from './db/database';
import { registerOperationLogFallback } from './engine/operationLog';
import { registerUploadRoutes } from './files/decoding/decodingRoutes';
import { createFileStorage } from './files/storage/createFileStorage';
import type { FileStorage } from './files/storage/fileStorage';
import { DEFAULT_BODY_LIMIT, registerPublicBodyLimit } from './http/bodyLimits';
import { registerCrossOrigin } from './http/crossOrigin';
import { docsAccessOf, registerApiDocsReader } from './http/docs/apiDocs.routes';
import { registerOpenApi } from './http/docs/openApi';
import { registerEnvelopeErrors } from './http/envelope';
import { registerInputGuard } from './http/inputGuard';
import { registerPublicRateLimit } from './http/publicRateLimit';
import { withRequestSerializer } from './http/requestLog';
import { registerRouteCatalogue } from './http/routeCatalogue';
import { registerValidation } from './http/schemas/validation';
import { createAlipayChannel } from './money/payouts/alipay/alipayChannel';
import { createDevChannel } from './money/payouts/devChannel';
import { loggedPayoutChannel, type PayoutChannel } from './money/payouts/payoutChannel';
import { createPayoutProcessor } from './money/payouts/payoutProcessor';
import { type AppMetrics, registerMetrics } from './operations/metrics';
import { type Drain, registerDrain } from './operations/shutdown';
import { apiRoutes } from './routes';
import { autoInvoicingJob, scheduleAutoInvoicing } from './system/autoInvoicing';
import { syncJobCatalog } from './system/jobRuns';
import { logRetentionJob, startLogRetentionJob } from './system/logRetention';
import { createJobScheduler, runsScheduledJobs } from './system/scheduledJobs';
import { recordingSmsSender } from './system/smsLog';
import { registerWebApp } from './webApp';
import { scheduleWebhooks, webhookJob } from './webhooks/webhookJob';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payout processor, so tests can drain it (PAYOUT_AUTO=0). */
    payouts: import('./money/payouts/payoutProcessor').PayoutProcessor;
    /** The scheduled jobs this process schedules (on SQLite none but in worker 1 of a cluster). */
    scheduledJobs: readonly string[];
    /** Where stored files live (FILE_STORAGE), so tests can look at what was stored. */
    files: FileStorage;
    /** Prometheus metrics of this app (served by server.ts on METRICS_PORT). */
    metrics: AppMetrics;
    /** Lets the requests in progress finish before a stop (server.ts on SIGTERM). */
    drain: Drain['drain'];
  }
}

export interface BuildOptions {
  config: ServerConfig;
  db: Db;
  sms?: SmsSender;
  /** Where batch payouts go; the channel PAYOUT_CHANNEL names (the development channel) by default. */
  payoutChannel?: PayoutChannel;
  /** Stored files; the storage FILE_STORAGE names by default. */
  files?: FileStorage;
  logger?: boolean | object;
}

/** The channel PAYOUT_CHANNEL names (docs/payoutChannels.md). */
function configuredPayoutChannel(db: Db, config: ServerConfig): PayoutChannel {
  const settings = config.payoutChannel;
  if (settings.provider === 'alipay' && settings.alipay) return createAlipayChannel(db, { defaults: settings.alipay });
  return createDevChannel(db, { delayMs: settings.devDelayMs, secret: settings.devSecret });
}

/** Builds the whole server as one Fastify instance; tests build it and call `inject`. */
export async function buildApp({
  config,
  db,
  sms,
  payoutChannel,
  files,
  logger,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Every request line goes through one serializer: no query string, path tokens masked (http/requestLog.ts).
    logger: withRequestSerializer(
      logger ?? { level: config.logLevel, redact: ['req.headers.authorization', 'body.password'] },
    ),
    trustProxy:
      config.trustProxy === false ? false : (_address: string, hop: number) => hop < (config.trustProxy as number),
    // 1 MB unless a route declares more (the sensitive-word import); public routes 64 KB (http/bodyLimits.ts).
    bodyLimit: DEFAULT_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    // Plugins and onReady hooks may take this long (Fastify's default is 10 s): the ready hooks fill missing worker
    // keys and resume the download queue, which on a busy 2-core machine ran past 10 s and the start failed.
    pluginTimeout: 60_000,
  });
  app.decorateRequest('auth', null);
  app.decorateRequest('session', null);
  registerEnvelopeErrors(app);
  app.decorate('metrics', registerMetrics(app, db));
  app.decorate('drain', registerDrain(app).drain);
  registerValidation(app);
  registerRouteCatalogue(app);
  registerInputGuard(app);
  await registerCrossOrigin(app, config);
  registerPublicBodyLimit(app);
  registerPublicRateLimit(app, config.publicCallsPerMinute);
  registerUploadRoutes(app);
  await registerOpenApi(app);
  await app.register(formbody);

  const channel = loggedPayoutChannel(db, payoutChannel ?? configuredPayoutChannel(db, config), app.log);
  const payoutIntervalMs = Math.max(200, Math.min(1000, config.payoutDelayMs));
  const services: AppServices = {
    db,
    config,
    files: files ?? createFileStorage(config),
    tokens: createTokenService(config.jwtSecret, config.tokenTtlSeconds, config.sessionMaxSeconds),
    // Every message leaves a row in the SMS log (/noteSendStatus) with its delivery status.
    sms: recordingSmsSender(db, sms ?? smsSenderOf(config.sms, app.log, config.logSmsCodes), app.log),
    payouts: createPayoutProcessor(db, channel, {
      delayMs: config.payoutDelayMs,
      intervalMs: payoutIntervalMs,
      queryIntervalMs: config.payoutChannel.queryIntervalMs,
      onError: (error) => app.log.error({ err: error }, '打款处理失败，稍后重试'),
    }),
    payoutChannel: channel,
    jobs: createJobScheduler(runsScheduledJobs(process.env, config.databaseUrl)),
  };
  app.decorate('payouts', services.payouts);
  app.decorate('files', services.files);
  app.decorate('scheduledJobs', services.jobs.started);
  // Background work runs where payouts run in the background (PAYOUT_AUTO; API tests call it directly), in every
  // process on PostgreSQL (the database decides who runs what, system/jobLock.ts), in worker 1 only on SQLite.
  // The daily reconciliation is scheduled by finance/bank.routes.ts the same way.
  // Every job is defined in every process (定时任务 lists it, 立即执行 runs it wherever the request lands); the
  // reconciliation is defined by finance/bank.routes.ts beside its bank channel.
  services.jobs.define({
    name: 'payouts',
    timing: config.payoutAutoProcess ? { everyMs: payoutIntervalMs } : { off: 'PAYOUT_AUTO=0' },
    run: async () => `处理 ${await services.payouts.drain()} 笔`,
  });
  services.jobs.define(autoInvoicingJob(db, config.payoutAutoProcess));
  services.jobs.define(logRetentionJob(db, config.logRetention, services.files));
  const webhookOptions = { allowedHosts: config.webhookAllowedHosts };
  services.jobs.define(webhookJob(db, webhookOptions, config.payoutAutoProcess));
  if (config.payoutAutoProcess) {
    services.jobs.schedule('webhooks', () =>
      scheduleWebhooks(db, webhookOptions, (error) => app.log.error({ err: error }, '消息推送任务失败')),
    );
    services.jobs.schedule('payouts', () => {
      services.payouts.start();
      return services.payouts;
    });
    services.jobs.schedule('autoInvoicing', () =>
      scheduleAutoInvoicing(db, (error) => app.log.error({ err: error }, '自动开票任务失败')),
    );
  }
  services.jobs.schedule('logRetention', () =>
    startLogRetentionJob(db, config.logRetention, services.files, (error) =>
      app.log.error({ err: error }, '日志清理任务失败'),
    ),
  );
  app.addHook('onClose', async () => services.jobs.stopAll());
  app.addHook('onReady', () => syncJobCatalog(db, services.jobs.definitions()));
  app.addHook('onClose', () => services.payouts.stop());
  // API routes live in their own context so the access hook never touches the static web app.
  await app.register(async (api) => {
    // JSON answers over 1 KB go out br/gzip-compressed when the client accepts it (a page of 25 companies is
    // ~12 KB); files (xlsx, pdf, zip) are compressed already, and the web app's assets are precompressed.
    await api.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], customTypes: /^application\/json/ });
    // No API answer is ever stored by a browser or proxy cache (DESIGN §4): they carry personal and money
    // data and tokens. A route that chose a stricter value itself (downloads: private, no-store) keeps it.
    // (Callback hooks, here and in the other onSend hooks: an async hook costs every request a promise.)
    api.addHook('onSend', (_request, reply, payload, done) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
    registerAccessControl(api, db, services.tokens);
    registerOperationLogFallback(api, db);
    // 登录日志 and 在线用户: every login route's answer, and a session's requests (accounts/loginRecords.ts).
    registerLoginRecords(api, {
      db,
      tokens: services.tokens,
      onError: (error) => app.log.error({ err: error }, '登录日志或在线会话记录失败'),
    });
    await apiRoutes(api, services);
  });
  await registerApiDocsReader(app, docsAccessOf(services));
  await registerWebApp(app, config);
  return app;
}
