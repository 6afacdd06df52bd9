import fs from 'node:fs/promises';
import path from 'node:path';
import type { Certificate } from '@cairn/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { trails, userCertificates, users } from '../../db/schema';
import { forbidden, notFound } from '../../lib/http-error';
import { fileUrl } from '../accounts/accounts.presenter';
import type { Actor } from '../accounts/sessions.service';
import { writePdf } from '../pdf/pdf.files';
import { renderPdf } from '../pdf/pdf.renderer';
import { certificateSpec } from '../results/results.pdf';
import { can } from '../results/results.policy';
import { displayName, loadLearner } from '../results/results.repo';

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
    let url = c.pdfUrl;
    if (!url) {
      const learner = (await loadLearner(app.db, c.userId))!;
      const pdf = await renderPdf(
        certificateSpec({
          locale: learner.language,
          title: c.title,
          learner: displayName(learner),
          trail: trailName,
          issuedAt: c.issuedAt,
        }),
      );
      const rel = await writePdf(app.config.filesDir, 'certificates', `${c.id}`, pdf);
      const [row] = await app.db
        .update(userCertificates)
        .set({ pdfUrl: fileUrl(rel) })
        .where(and(eq(userCertificates.id, c.id), sql`${userCertificates.pdfUrl} is null`))
        .returning({ url: userCertificates.pdfUrl });
      if (row?.url) url = row.url;
      else {
        // a concurrent request stored its file first
        await fs.rm(path.join(app.config.filesDir, rel), { force: true });
        [{ url }] = await app.db
          .select({ url: userCertificates.pdfUrl })
          .from(userCertificates)
          .where(eq(userCertificates.id, c.id));
      }
    }
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
