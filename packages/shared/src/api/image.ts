import { z } from 'zod';
import { IMAGE_FITS, MAX_IMAGE_DIMENSION } from '../media';

/** Validates the edits of an image request. */
export const imageEditsSchema = z.strictObject({
  resize: z
    .strictObject({
      width: z.number().int().min(1).max(MAX_IMAGE_DIMENSION).optional(),
      height: z.number().int().min(1).max(MAX_IMAGE_DIMENSION).optional(),
      fit: z.enum(IMAGE_FITS).optional(),
    })
    .refine((r) => r.width !== undefined || r.height !== undefined, { message: 'width or height is required' })
    .optional(),
});

/** The image-resizing request of §7, encoded into the URL path. */
export const imageRequestSchema = z.strictObject({
  bucket: z.string(),
  key: z.string().min(1).max(512),
  edits: imageEditsSchema.optional(),
});
