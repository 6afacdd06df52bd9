import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { customers } from '../../db/schema';
import { isSafeKey } from '../../storage';

/** Logos larger than this are not read (a logo is a few kB; the limit keeps a bad upload from stalling the job). */
const LOGO_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The customer's logo as a PNG for the certificate (pdfkit embeds PNG and JPEG only; logos are often SVG), or null
 * when the customer has none or it cannot be read — a certificate without its logo beats no certificate.
 */
export async function customerLogoPng(app: FastifyInstance, customerId: number | null): Promise<Buffer | null> {
  if (customerId === null) return null;
  const [c] = await app.db.select({ logoPath: customers.logoPath }).from(customers).where(eq(customers.id, customerId));
  if (!c?.logoPath) return null;
  if (!isSafeKey(c.logoPath)) return null;
  try {
    const size = await app.storage.size(c.logoPath);
    if (size === null || size > LOGO_MAX_BYTES) return null;
    const bytes = await app.storage.get(c.logoPath);
    if (!bytes) return null;
    // 3× the box it is drawn in (180 × 60 pt), so it stays sharp when printed
    return await sharp(bytes, { density: 216 }).resize({ width: 540, height: 180, fit: 'inside' }).png().toBuffer();
  } catch (err) {
    app.log.warn({ err, customerId }, 'certificate: customer logo unreadable, rendered without it');
    return null;
  }
}
