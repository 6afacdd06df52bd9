import { z } from 'zod';

/** POST /media answer: where the stored file lives and what it is (judged from its content). */
export const uploadResponseSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  mimetype: z.string(),
  title: z.string(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** A media object as §3 describes it. */
export const mediaObjectSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  type: z.enum(['image', 'audio', 'video', 'file']),
  thumbnails: z.record(z.string(), z.string()),
  useThumb: z.boolean(),
  metadata: z.object({
    src_url: z.string(),
    mimetype: z.string(),
    src_mimetype: z.string(),
    isPortrait: z.boolean(),
  }),
});
export type MediaObject = z.infer<typeof mediaObjectSchema>;
