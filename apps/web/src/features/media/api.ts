import type { User } from '@cairn/shared/api/accounts';
import type {
  UploadResponse,
  Vault,
  VaultAttachResponse,
  VaultResponse,
  VaultUploadResponse,
} from '@cairn/shared/api/media';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { http } from '../../lib/http';
import { profileKey } from '../../lib/profile';
import { type UploadOptions, uploadForm } from './upload';

export const vaultsKey = ['vaults'] as const;

/** The user's own vault root and the customer's shared vaults. */
export function useVaults(enabled = true) {
  return useQuery({
    queryKey: vaultsKey,
    queryFn: () => http.get<{ data: Vault[] }>('/api/vaults').then((r) => r.data),
    enabled,
  });
}

/** Files per page when browsing one folder of the vault. */
export const VAULT_PAGE_SIZE = 24;

/** GET /api/vaults/{id}?descendants=1&page=&per_page=: one folder with its sub-folders and its files, page by page. */
export function useVaultFolder(id: number | null) {
  return useInfiniteQuery({
    queryKey: [...vaultsKey, id],
    queryFn: ({ pageParam, signal }) =>
      http.get<VaultResponse>(`/api/vaults/${id}?descendants=1&page=${pageParam}&per_page=${VAULT_PAGE_SIZE}`, {
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: ({ meta: { pagination: p } }) => (p.page < p.total_pages ? p.page + 1 : undefined),
    enabled: id !== null,
  });
}

/**
 * POST /media: one answer file; `mineralType` names the upload question it answers, so the server refuses a file of
 * another kind (415 upload_correct_file_type) before storing it.
 */
export function uploadMedia(file: File, opts?: UploadOptions & { mineralType?: string }): Promise<UploadResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  const query = opts?.mineralType ? `?mineral_type=${encodeURIComponent(opts.mineralType)}` : '';
  return uploadForm<UploadResponse>(`/media${query}`, form, opts);
}

/** POST /api/vaults: files into a vault folder (the own root when parentId is null); the first item is the new file. */
export function uploadToVault(file: File, parentId: number | null, opts?: UploadOptions) {
  const form = new FormData();
  if (parentId !== null) form.append('parent_id', String(parentId));
  form.append('type', 'file');
  form.append('files[]', file, file.name);
  return uploadForm<VaultUploadResponse>('/api/vaults', form, opts).then((r) => r.data[0]);
}

/** Makes a vault image the user's avatar and updates the cached profile, so the header shows it at once. */
export function useAttachAvatar() {
  const qc = useQueryClient();
  return useCallback(
    async (mediaId: number, user: User) => {
      const res = await http.post<VaultAttachResponse>('/api/vaults/attach', {
        vault_ids: [mediaId],
        relation: 'avatar',
        model: 'user',
        model_id: user.id,
      });
      qc.setQueryData<User>(profileKey, (u) => (u ? { ...u, avatar: res.data.avatar } : u));
      void qc.invalidateQueries({ queryKey: vaultsKey });
      return res.data.avatar;
    },
    [qc],
  );
}

/** Upload progress for one upload at a time; `progress` > 0 while sending. */
export function useUploadProgress() {
  const [progress, setProgress] = useState(0);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <T>(send: (opts: UploadOptions) => Promise<T>): Promise<T> => {
    setBusy(true);
    setProgress(0);
    try {
      return await send({ onProgress: setProgress });
    } finally {
      setBusy(false);
      setProgress(0);
    }
  }, []);
  return { progress, busy, run };
}
