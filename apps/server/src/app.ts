import Fastify, { type FastifyInstance, type preValidationHookHandler } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { configureFileSigning, loadFileSecret } from './lib/file-urls';
import { HttpError } from './lib/http-error';
import { configureTokenDerivation } from './lib/tokens';
import { fastifyTrustProxy } from './lib/trust-proxy';
import accounts from './modules/accounts';
import admin from './modules/admin';
import adminTrails from './modules/admin-trails';
import battles from './modules/battles';
import branding from './modules/branding';
import certificates from './modules/certificates';
import chat from './modules/chat';
import coach from './modules/coach';
import dashboards from './modules/dashboards';
import dates from './modules/dates';
import insight from './modules/insight';
import lti from './modules/lti';
import media from './modules/media';
import notifications from './modules/notifications';
import player from './modules/player';
import ratings from './modules/ratings';
import reference from './modules/reference';
import results from './modules/results';
import rewards from './modules/rewards';
import trails from './modules/trails';
import xapi from './modules/xapi';
import authPlugin from './plugins/auth';
import dbPlugin from './plugins/db';
import docsPlugin from './plugins/docs';
import errorReportingPlugin from './plugins/error-reporting';
import errorsPlugin from './plugins/errors';
import httpRefusalsPlugin, {
  clientErrorHandler,
  frameworkErrors,
  MAX_HEADER_SIZE,
  URL_MAX,
} from './plugins/http-refusals';
import jobsPlugin from './plugins/jobs';
import mailPlugin from './plugins/mail';
import rateLimitPlugin from './plugins/rate-limit';
import realtimePlugin from './plugins/realtime';
import redisPlugin from './plugins/redis';
import securityHeadersPlugin from './plugins/security-headers';
import staticPlugin from './plugins/static';
import { openStorage, type Storage } from './storage';
import './fastify-types';

/** True when a string anywhere in a parsed request value holds U+0000. */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 64 || Buffer.isBuffer(value)) return false;
  for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || hasNul(v, depth + 1)) return true;
  return false;
}

/**
 * The app's modules, in registration order. Each one's index.ts registers its routes and its jobs (and exports what
 * the plugins need of it); content has neither (its importer serves the CLI and the seed) and is not listed.
 */
const MODULES = [
  accounts,
  reference,
  branding,
  notifications,
  results,
  rewards,
  certificates,
  trails,
  player,
  ratings,
  battles,
  dates,
  media,
  chat,
  dashboards,
  coach,
  admin,
  insight,
  adminTrails,
  lti,
  xapi,
];

export interface BuildOptions {
  /** use this database instead of opening one from config.databaseUrl (the caller closes it) */
  database?: Database;
  /** pino logger options; tests pass false */
  logger?: boolean | Record<string, unknown>;
  /** use this store (already probed) instead of opening one from config.storage; the app closes it */
  storage?: Storage;
}

/** Builds the whole HTTP + realtime app without listening; tests drive it with app.inject(). */
export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    // slow clients (slow-loris): headers within headersTimeout, the whole request within requestTimeout, else the
    // connection is closed (408); checked at least every 5 s instead of Node's 30 s (docs/security.md)
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(100, Math.min(5000, Math.floor(config.headersTimeoutMs / 4))),
      maxHeaderSize: MAX_HEADER_SIZE,
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // a path parameter may be as long as the URL (an id list): longer URLs are refused with 414 (http-refusals.ts)
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: URL_MAX },
    // what Node's parser and Fastify's router refuse leaves with the error body too
    clientErrorHandler: clientErrorHandler(config),
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  // files: an S3 bucket that cannot be written refuses the start, saying why (storage/s3.ts probe)
  const storage = opts.storage ?? openStorage(config.storage.target, config.filesDir, config.storage.credentials);
  app.addHook('onClose', async () => storage.close());
  if (!opts.storage) await storage.probe();
  app.decorate('storage', storage);
  const serverSecret = await loadFileSecret(config.fileUrls.secret, config.dataDir);
  configureFileSigning(serverSecret, config.fileUrls.ttlSeconds);
  // refresh rotations derive the successor pair from this secret (lib/tokens.ts), so every process agrees
  configureTokenDerivation(serverSecret);

  // JSON only: an empty JSON body counts as {} (clients send Content-Type on DELETE), and text/plain is refused with 415
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    defaultJson(request, text, done);
  });
  // a route with a body schema reads a request without a body as {}: a hook of those routes only (reading
  // request.routeOptions on every request builds a new object each time)
  const emptyBody: preValidationHookHandler = (request, _reply, done) => {
    if (request.body === undefined) request.body = {};
    done();
  };
  app.addHook('onRoute', (route) => {
    if (!route.schema?.body) return;
    route.preValidation = [emptyBody, ...[route.preValidation ?? []].flat()];
  });
  // a callback hook: no promise per request (it runs on every one)
  app.addHook('preValidation', (request, _reply, done) => {
    // PostgreSQL text cannot hold NUL: a query with one failed (a 500); refuse it before any handler runs
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      done(new HttpError(400, 'validation_failed', 'The request contains a NUL character'));
      return;
    }
    done();
  });

  await app.register(errorReportingPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(errorsPlugin);
  await app.register(httpRefusalsPlugin);
  await app.register(dbPlugin, { database: opts.database });
  await app.register(redisPlugin);
  await app.register(mailPlugin);
  await app.register(authPlugin);
  await app.register(rateLimitPlugin);
  await app.register(docsPlugin);
  await app.register(realtimePlugin);
  await app.register(jobsPlugin);
  await app.register(staticPlugin);

  for (const module of MODULES) await app.register(module);
  return app;
}
