import { z } from 'zod';
import { coercedDbId } from './ids';
import { shownText } from './strings';

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

/** A vault folder; `descendants` are its files (newest first), `folders` its sub-folders. */
export interface Vault {
  id: number;
  name: string;
  icon: string | null;
  parent_id: number | null;
  /** true for the customer-wide folder everyone of the customer sees */
  shared: boolean;
  folders: { id: number; name: string; icon: string | null }[];
  descendants: MediaObject[];
}
export const vaultSchema: z.ZodType<Vault> = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  shared: z.boolean(),
  folders: z.array(z.object({ id: z.number().int(), name: z.string(), icon: z.string().nullable() })),
  descendants: z.array(mediaObjectSchema),
});

export const vaultsResponseSchema = z.object({ data: z.array(vaultSchema) });
export const vaultResponseSchema = z.object({
  data: vaultSchema,
  meta: z.object({
    pagination: z.object({
      total: z.number().int(),
      total_pages: z.number().int(),
      page: z.number().int(),
      per_page: z.number().int(),
    }),
  }),
});
export type VaultResponse = z.infer<typeof vaultResponseSchema>;

/** POST /api/vaults multipart answer: the new files, the first one first. */
export const vaultUploadResponseSchema = z.object({ data: z.array(mediaObjectSchema) });
export type VaultUploadResponse = z.infer<typeof vaultUploadResponseSchema>;

export const createFolderRequestSchema = z.object({
  name: shownText(100).trim().min(1),
  parent_id: coercedDbId.nullish(),
  icon: z.string().max(50).nullish(),
});

export const vaultAttachRequestSchema = z.object({
  vault_ids: z.array(coercedDbId).min(1).max(20),
  relation: z.literal('avatar'),
  model: z.literal('user'),
  model_id: coercedDbId,
});
export type VaultAttachRequest = z.infer<typeof vaultAttachRequestSchema>;

export const vaultAttachResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({ avatar: z.array(z.object({ id: z.number().int(), url: z.string() })) }),
});
export type VaultAttachResponse = z.infer<typeof vaultAttachResponseSchema>;

export const mediaResponseSchema = z.object({ data: mediaObjectSchema });
