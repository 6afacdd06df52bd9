import type { UploadResponse } from '@cairn/shared/api/media';
import type { MineralType } from '@cairn/shared/api/trails';
import { UPLOAD_MEDIA_KIND } from '@cairn/shared/minerals';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { AudioPlayer } from '../../../ui/AudioPlayer';
import { Button, buttonClass } from '../../../ui/Button';
import { uploadMedia } from '../../media';
import { dropUpload, isOfflineUpload, keepUpload } from '../../offline';
import { deleteMedia } from '../api';
import type { MineralProps } from './types';

const ACCEPT: Partial<Record<MineralType, string>> = {
  image_input: 'image/*',
  audio_input: 'audio/*',
  video_input: 'video/*,.mov',
};

/**
 * Whether a picked file is of the kind its question asks for (image, audio or video; a file question takes any).
 * A file the browser cannot type (no mimetype) is left to the server, which judges the content.
 */
export function fitsQuestion(type: MineralType, file: { type: string; name: string }): boolean {
  const kind = UPLOAD_MEDIA_KIND[type];
  if (!kind || !file.type) return true;
  return file.type.startsWith(`${kind}/`) || (kind === 'video' && /\.mov$/i.test(file.name));
}

/** Full-screen loader shown while an upload's progress is above 0 (§4). */
export function UploadOverlay({ progress }: { progress: number }) {
  const { t } = useTranslation('player');
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/70 p-6">
      <div className="w-full max-w-sm rounded-2xl bg-white p-6 text-center shadow-2xl">
        <p className="mb-3 font-semibold text-slate-900">{t('upload.uploading')}</p>
        <div
          role="progressbar"
          aria-label={t('upload.uploading')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="h-3 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full bg-accent transition-[width] motion-reduce:transition-none"
            style={{ width: `${progress}%` }}
          />
        </div>
        <p className="mt-2 text-sm text-slate-700">{progress}%</p>
      </div>
    </div>
  );
}

function Preview({ file }: { file: UploadResponse }) {
  const { t } = useTranslation('player');
  if (file.mimetype.startsWith('image/'))
    return <img src={file.url} alt={t('upload.previewAlt')} className="max-h-64 rounded-xl object-contain" />;
  if (file.mimetype.startsWith('audio/')) return <AudioPlayer src={file.url} label={t('upload.previewAlt')} />;
  if (file.mimetype.startsWith('video/'))
    return (
      // biome-ignore lint/a11y/useMediaCaption: the learner's own recording has no caption track
      <video
        controls
        src={file.url}
        aria-label={t('upload.previewAlt')}
        className="max-h-64 w-full rounded-xl bg-black"
      />
    );
  return (
    <a href={file.url} target="_blank" rel="noreferrer" className="font-semibold break-all text-slate-900 underline">
      {file.title}
    </a>
  );
}

/** audio_input, image_input, video_input, file_input: upload with progress, preview, delete. */
export function UploadInput({ mineral, draft, onChange, readOnly, labelId, errorId }: MineralProps) {
  const { t } = useTranslation(['player', 'offline']);
  const inputId = useId();
  const [progress, setProgress] = useState(0);
  const [file, setFile] = useState<UploadResponse | null>(null);
  // a file chosen without a network is kept on the device and uploaded before its answer is sent (docs/offline.md)
  const [kept, setKept] = useState<string | null>(null);
  const hasValue = draft.value !== null && draft.value !== undefined && draft.value !== '';

  async function pick(f: File | undefined) {
    if (!f) return;
    // the accept attribute only suggests: a file of another kind is refused here, and by the server all the same
    if (!fitsQuestion(mineral.type, f)) {
      notify.error(t(`upload.wrongType.${mineral.type as 'image_input'}`));
      return;
    }
    if (!navigator.onLine) {
      onChange({ value: await keepUpload(f) });
      setKept(f.name);
      return;
    }
    setProgress(1);
    try {
      const res = await uploadMedia(f, {
        onProgress: (p) => setProgress(Math.max(1, p)),
        mineralType: mineral.type,
      });
      setFile(res);
      onChange({ value: res.id });
    } catch {
      // the upload reported its failure in a toast; the field stays as it was
    } finally {
      setProgress(0);
    }
  }

  async function remove() {
    const id = Number(draft.value);
    setFile(null);
    setKept(null);
    onChange({ value: null });
    if (isOfflineUpload(draft.value)) return dropUpload(draft.value);
    if (Number.isFinite(id)) await deleteMedia(id).catch(() => undefined);
  }

  return (
    <div className="flex flex-col items-start gap-3">
      {progress > 0 && <UploadOverlay progress={progress} />}
      {hasValue ? (
        <>
          {file ? (
            <Preview file={file} />
          ) : isOfflineUpload(draft.value) ? (
            <p className="text-slate-700">{t('offline:upload.kept', { name: kept ?? '' })}</p>
          ) : (
            <p className="text-slate-700">{t('upload.stored')}</p>
          )}
          {!readOnly && (
            <Button variant="secondary" onClick={() => void remove()}>
              {t('upload.remove')}
            </Button>
          )}
        </>
      ) : (
        <>
          <input
            id={inputId}
            type="file"
            accept={ACCEPT[mineral.type]}
            disabled={readOnly}
            aria-labelledby={`${inputId}-button ${labelId}`}
            aria-describedby={errorId}
            className="peer sr-only"
            onChange={(e) => {
              void pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <label
            id={`${inputId}-button`}
            htmlFor={inputId}
            className={buttonClass(
              'secondary',
              'cursor-pointer peer-focus-visible:outline-4 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-slate-900',
            )}
          >
            {t(`upload.choose.${mineral.type as 'file_input'}`)}
          </label>
        </>
      )}
    </div>
  );
}
