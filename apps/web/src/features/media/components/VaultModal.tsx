import type { User } from '@cairn/shared/api/accounts';
import type { MediaObject } from '@cairn/shared/api/media';
import { thumbnail } from '@cairn/shared/media';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadMedia } from '../../../lib/download';
import { notify } from '../../../lib/notify';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { uploadToVault, useAttachAvatar, useUploadProgress, useVaultFolder, useVaults } from '../api';
import { canPreview } from '../file-types';

type Tab = 'choose' | 'upload';
const TABS: Tab[] = ['choose', 'upload'];

interface Props {
  user: User;
  onClose: () => void;
}

/** The media vault (§2): choose an image already in the vault or upload one, and make it the avatar. */
export function VaultModal({ user, onClose }: Props) {
  const { t } = useTranslation('media');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const baseId = useId();
  const [tab, setTab] = useState<Tab>('choose');
  const [chosen, setChosen] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  // files ticked for download: one downloads as itself, several as one downloads.zip
  const [marked, setMarked] = useState<Set<number>>(() => new Set());
  const [downloading, setDownloading] = useState(false);
  // null: every folder's first files (GET /api/vaults); else one folder, paged (GET /api/vaults/{id})
  const [folder, setFolder] = useState<{ id: number; name: string } | null>(null);
  const folderPages = useVaultFolder(folder?.id ?? null);
  const vaults = useVaults();
  const attach = useAttachAvatar();
  const upload = useUploadProgress();

  useEffect(() => {
    const el = ref.current;
    if (el && !el.open) el.showModal?.();
  }, []);

  useEffect(() => {
    if (!file || !canPreview(file.name)) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const inFolder = folderPages.data?.pages ?? [];
  const images: MediaObject[] = (folder ? inFolder.map((p) => p.data) : (vaults.data ?? []))
    .flatMap((v) => v.descendants)
    .filter((m) => m.type === 'image');
  // the folders one level down from where the user is: the roots and their sub-folders, or the folder's own
  const folders = folder
    ? (inFolder[0]?.data.folders ?? [])
    : (vaults.data ?? []).flatMap((v) => [{ id: v.id, name: v.name, icon: v.icon }, ...v.folders]);
  const ownRoot = vaults.data?.find((v) => !v.shared)?.id ?? null;
  const ready = tab === 'upload' ? file !== null : chosen !== null;

  function onTabKey(e: KeyboardEvent) {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + 1) % TABS.length];
    setTab(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  }

  function toggleMarked(id: number) {
    setMarked((m) => {
      const next = new Set(m);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  async function download() {
    setDownloading(true);
    try {
      await downloadMedia([...marked]);
    } catch {
      // the http client reported why
    } finally {
      setDownloading(false);
    }
  }

  async function submit() {
    if (!ready || saving) return;
    setSaving(true);
    setFailed(false);
    try {
      let mediaId = chosen;
      if (tab === 'upload' && file) {
        const created = await upload.run((opts) => uploadToVault(file, ownRoot, opts));
        mediaId = created.id;
      }
      if (mediaId === null) return;
      await attach(mediaId, user);
      notify.success(t('vault.saved'));
      onClose();
    } catch {
      // the upload client and the http client have already reported the reason
      setFailed(true);
    } finally {
      setSaving(false);
    }
  }

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-0 h-dvh max-h-dvh w-screen max-w-none bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50 sm:m-auto sm:h-[min(36rem,90dvh)] sm:w-[min(800px,calc(100vw-2rem))] sm:rounded-2xl"
    >
      <div className="flex h-full flex-col">
        <header className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <h2 id={titleId} className="text-xl font-bold">
            {t('vault.title')}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('vault.close')}
            className="inline-flex size-11 items-center justify-center rounded-full text-2xl leading-none text-slate-600 hover:bg-slate-100"
          >
            <span aria-hidden="true">×</span>
          </button>
        </header>

        <div role="tablist" aria-label={t('vault.title')} className="flex gap-1 border-b border-slate-200 px-5">
          {TABS.map((id) => (
            <button
              key={id}
              id={`${baseId}-tab-${id}`}
              type="button"
              role="tab"
              aria-selected={tab === id}
              aria-controls={`${baseId}-panel-${id}`}
              tabIndex={tab === id ? 0 : -1}
              onKeyDown={onTabKey}
              onClick={() => setTab(id)}
              className={`-mb-px min-h-11 border-b-2 px-3 text-sm font-semibold ${
                tab === id ? 'border-accent text-slate-900' : 'border-transparent text-slate-500 hover:text-slate-800'
              }`}
            >
              {t(`vault.tabs.${id}`)}
            </button>
          ))}
        </div>

        <div
          id={`${baseId}-panel-${tab}`}
          role="tabpanel"
          aria-labelledby={`${baseId}-tab-${tab}`}
          className="min-h-64 flex-1 overflow-y-auto px-5 py-4"
        >
          {tab === 'choose' ? (
            <>
              <FolderNav
                folder={folder}
                folders={folders}
                onOpen={setFolder}
                hasMore={!!folderPages.hasNextPage}
                loadingMore={folderPages.isFetchingNextPage}
                onMore={() => void folderPages.fetchNextPage()}
              />
              <ChooseExisting
                images={images}
                loading={folder ? folderPages.isPending : vaults.isPending}
                chosen={chosen}
                onChoose={setChosen}
                marked={marked}
                onMark={toggleMarked}
              />
            </>
          ) : (
            <UploadOwn file={file} previewUrl={previewUrl} onPick={setFile} />
          )}
          {upload.busy && (
            <div className="mt-4">
              <progress
                className="w-full accent-accent"
                max={100}
                value={upload.progress}
                aria-labelledby={`${baseId}-progress`}
              />
              <p id={`${baseId}-progress`} className="text-sm text-slate-600">
                {t('vault.uploading', { percent: upload.progress })}
              </p>
            </div>
          )}
          {failed && (
            <p role="alert" className="mt-4 text-sm text-red-700">
              {t('vault.failed')}
            </p>
          )}
        </div>

        <footer className="flex flex-wrap justify-end gap-3 border-t border-slate-200 px-5 py-4">
          {tab === 'choose' && (
            <Button
              variant="secondary"
              className="me-auto"
              onClick={download}
              disabled={marked.size === 0 || downloading}
            >
              {t('vault.download', { count: marked.size })}
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            {t('vault.cancel')}
          </Button>
          <Button onClick={submit} disabled={!ready || saving}>
            {t('vault.submit')}
          </Button>
        </footer>
      </div>
    </dialog>
  );
}

/** Where the vault is browsed: back to every folder, the folders one level down, and more files of this one. */
function FolderNav(props: {
  folder: { id: number; name: string } | null;
  folders: { id: number; name: string }[];
  onOpen: (f: { id: number; name: string } | null) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
}) {
  const { t } = useTranslation('media');
  return (
    <nav aria-label={t('vault.folders')} className="mb-3 flex flex-wrap items-center gap-2">
      {props.folder && (
        <>
          <Button variant="ghost" onClick={() => props.onOpen(null)}>
            {t('vault.allFolders')}
          </Button>
          <span className="font-semibold" aria-current="location">
            {props.folder.name}
          </span>
        </>
      )}
      {props.folders
        .filter((f) => f.id !== props.folder?.id)
        .map((f) => (
          <Button key={f.id} variant="secondary" onClick={() => props.onOpen({ id: f.id, name: f.name })}>
            {t('vault.openFolder', { name: f.name })}
          </Button>
        ))}
      {props.hasMore && (
        <Button variant="secondary" className="ms-auto" disabled={props.loadingMore} onClick={props.onMore}>
          {t('vault.more')}
        </Button>
      )}
    </nav>
  );
}

function ChooseExisting(props: {
  images: MediaObject[];
  loading: boolean;
  chosen: number | null;
  onChoose: (id: number) => void;
  marked: Set<number>;
  onMark: (id: number) => void;
}) {
  const { t } = useTranslation('media');
  if (props.loading) return <Spinner label={t('vault.loading')} />;
  if (props.images.length === 0) return <p className="text-sm text-slate-600">{t('vault.empty')}</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {props.images.map((m) => (
        <li key={m.id}>
          <button
            type="button"
            aria-pressed={props.chosen === m.id}
            onClick={() => props.onChoose(m.id)}
            className={`block aspect-square w-full overflow-hidden rounded-xl ring-2 ring-offset-2 ${
              props.chosen === m.id ? 'ring-accent' : 'ring-transparent hover:ring-slate-300'
            }`}
          >
            <img
              {...thumbnail(m.url, 150)}
              alt={m.title}
              width={200}
              height={200}
              loading="lazy"
              className="size-full object-cover"
            />
          </button>
          <label className="mt-1 flex min-h-11 items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={props.marked.has(m.id)}
              onChange={() => props.onMark(m.id)}
              className="size-5 accent-accent"
            />
            <span className="truncate">{t('vault.mark', { title: m.title })}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}

function UploadOwn(props: { file: File | null; previewUrl: string | null; onPick: (f: File | null) => void }) {
  const { t } = useTranslation('media');
  const inputId = useId();
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <label
        htmlFor={inputId}
        className="flex w-full cursor-pointer flex-col items-center gap-1 rounded-xl border-2 border-dashed border-slate-300 px-4 py-8 hover:border-accent focus-within:border-accent"
      >
        <span className="text-sm font-semibold text-slate-900">{t('vault.pick')}</span>
        <span className="text-xs text-slate-500">{t('vault.hint')}</span>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/gif"
          className="sr-only"
          onChange={(e) => props.onPick(e.currentTarget.files?.[0] ?? null)}
        />
      </label>
      {props.file && <p className="break-all text-sm text-slate-700">{t('vault.chosen', { name: props.file.name })}</p>}
      {props.file &&
        (props.previewUrl ? (
          <img
            src={props.previewUrl}
            alt={t('vault.preview')}
            className="max-h-60 max-w-full rounded-xl object-contain"
          />
        ) : (
          <p className="text-sm text-slate-500">{t('vault.noPreview')}</p>
        ))}
    </div>
  );
}
