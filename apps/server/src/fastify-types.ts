import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { Actor } from './lib/actor';
import type { ReportError } from './plugins/error-reporting';
import type { Jobs } from './plugins/jobs';
import type { Mailer } from './plugins/mail';
import type { Realtime } from './plugins/realtime.types';
import type { Storage } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    database: Database;
    redis: Redis | null;
    mailer: Mailer;
    realtime: Realtime;
    jobs: Jobs;
    /** where files live: local disk or an S3-compatible store (STORAGE_URL, storage/) */
    storage: Storage;
    /** the bearer token's actor into request.actor (an onRequest hook, callback style) */
    authenticate: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
    reportError: ReportError;
    spaFallback: ((request: FastifyRequest, reply: FastifyReply) => Promise<boolean>) | null;
    /** the LTI platforms' origins that may frame the app (plugins/security-headers.ts) */
    setFrameOrigins: (origins: readonly string[]) => void;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}
