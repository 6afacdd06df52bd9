import type { FastifyInstance } from 'fastify';
import accountsRoutes from './accounts.routes';
import passwordRoutes from './password.routes';
import { RESET_MAIL_JOB, type ResetMailJob, sendResetMail } from './password.service';

// what the admin module needs: signing an invited person in, ending a deactivated person's sessions
export { signIn } from './accounts.service';
// what the auth and live-socket plugins need of accounts: an access token's actor, and the token cache with the
// revocations it hears
export {
  accessGrant,
  cachedActor,
  loadActor,
  revokeAllSessions,
  type SessionMeta,
  type TokenTtls,
} from './sessions.service';
export { listenForRevocations, type Revocation, tokenCacheOf } from './token-cache';

/** Accounts: sign-in, tokens, profile, account deletion and the forgotten-password mail (spec §7 Account). */
export default async function accountsModule(app: FastifyInstance) {
  app.jobs.register<ResetMailJob>(RESET_MAIL_JOB, (job) => sendResetMail(app.db, app.mailer, job, app.config));
  await app.register(accountsRoutes);
  await app.register(passwordRoutes);
}
