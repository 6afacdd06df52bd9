import type { Certificate } from '@cairn/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { trails, userCertificates, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { fileUrl, signUrl } from '../../lib/file-urls';
import { forbidden, notFound } from '../../lib/http-error';
import { writePdf } from '../../lib/pdf/pdf.files';
import { renderSpecPng } from '../../lib/pdf/pdf.image';
import { type PdfSpec, renderPdf } from '../../lib/pdf/pdf.renderer';
import { createNotification, NOTIFY_CERTIFICATE } from '../notifications/notifications.service';
import { certificateSpec } from '../results/results.pdf';
import { can } from '../results/results.policy';
import { displayName, loadLearner } from '../results/results.repo';
import { customerLogoPng } from './certificates.logo';

type CertificateRow = typeof userCertificates.$inferSelect;

/** What the certificate shows, in its learner's language of the moment, with the customer's logo. */
async function specOf(app: FastifyInstance, c: CertificateRow, trailName: string): Promise<PdfSpec> {
  const learner = (await loadLearner(app.db, c.userId))!;
  return certificateSpec({
    locale: learner.language,
    title: c.title,
    learner: displayName(learner),
    trail: trailName,
    issuedAt: c.issuedAt,
    logo: await customerLogoPng(app, learner.customerId),
  });
}

/** The certificate's PDF URL, rendering and storing it first when it has none (once, whoever asks first). */
async function ensureCertificatePdf(app: FastifyInstance, c: CertificateRow, trailName: string): Promise<string> {
  if (c.pdfUrl) return c.pdfUrl;
  const pdf = await renderPdf(await specOf(app, c, trailName));
  const rel = await writePdf(app.storage, 'certificates', `${c.id}`, pdf);
  const [row] = await app.db
    .update(userCertificates)
    .set({ pdfUrl: fileUrl(rel) })
    .where(and(eq(userCertificates.id, c.id), sql`${userCertificates.pdfUrl} is null`))
    .returning({ url: userCertificates.pdfUrl });
  if (row?.url) return row.url;
  // a concurrent request stored its file first
  await app.storage.delete(rel);
  const [{ url }] = await app.db
    .select({ url: userCertificates.pdfUrl })
    .from(userCertificates)
    .where(eq(userCertificates.id, c.id));
  return url as string;
}

export const CERTIFICATES_JOB = 'certificates:notify';

/**
 * The certificates job: every issued certificate not yet announced gets its PDF and an image of it (PNG) rendered,
 * then its NOTIFY_CERTIFICATE {certificates, name, file (the image), pdf, trail_id, trail} — so the notification
 * shows and opens the certificate without another call. The answer that issues a certificate enqueues it; the scheduler runs it too (a certificate
 * issued just before a crash is announced after). Each is claimed (notified_at) in the notification's transaction:
 * two runs at once announce it once.
 */
export async function notifyCertificates(app: FastifyInstance): Promise<number> {
  const due = await app.db
    .select({ c: userCertificates, trailName: trails.name })
    .from(userCertificates)
    .innerJoin(trails, eq(trails.id, userCertificates.trailId))
    .where(isNull(userCertificates.notifiedAt))
    .orderBy(asc(userCertificates.id))
    .limit(100);
  let sent = 0;
  for (const { c, trailName } of due) {
    const url = await ensureCertificatePdf(app, c, trailName);
    // §3: the notification's `file` is an image of the certificate (its page as a PNG), `pdf` the PDF
    const png = await renderSpecPng(await specOf(app, c, trailName));
    const imageRel = await writePdf(app.storage, 'certificates', `${c.id}`, png, 'png');
    const announced = await app.db.transaction(async (tx) => {
      const claimed = await tx
        .update(userCertificates)
        .set({ notifiedAt: new Date() })
        .where(and(eq(userCertificates.id, c.id), isNull(userCertificates.notifiedAt)))
        .returning({ id: userCertificates.id });
      if (claimed.length === 0) return false;
      await createNotification(tx, c.userId, NOTIFY_CERTIFICATE, {
        certificates: [c.id],
        name: c.title,
        file: fileUrl(imageRel),
        pdf: url,
        trail_id: c.trailId,
        trail: trailName,
      });
      return true;
    });
    if (announced) sent++;
    // another run announced it first, with its own image
    else await app.storage.delete(imageRel);
  }
  return sent;
}

/** GET /api/certificates/user/{ids}: the certificates with their PDFs (rendered on first request). */
export async function getCertificates(app: FastifyInstance, actor: Actor, ids: number[]): Promise<Certificate[]> {
  const rows = await app.db
    .select({ c: userCertificates, trailName: trails.name, customerId: users.customerId })
    .from(userCertificates)
    .innerJoin(trails, eq(trails.id, userCertificates.trailId))
    .innerJoin(users, eq(users.id, userCertificates.userId))
    .where(inArray(userCertificates.id, ids))
    .orderBy(asc(userCertificates.id));
  if (rows.length !== new Set(ids).size) throw notFound('Certificate not found');
  for (const r of rows) {
    if (r.c.userId !== actor.userId && r.customerId !== actor.customerId) throw notFound('Certificate not found');
    if (!can(actor, 'results:read', { id: r.c.userId, customerId: r.customerId })) throw forbidden();
  }
  const out: Certificate[] = [];
  for (const { c, trailName } of rows) {
    const url = signUrl(await ensureCertificatePdf(app, c, trailName));
    out.push({
      id: c.id,
      name: c.title,
      file: url as string,
      pdf: url as string,
      issued_at: c.issuedAt.toISOString(),
      trail: { id: c.trailId, name: trailName },
    });
  }
  return out;
}
