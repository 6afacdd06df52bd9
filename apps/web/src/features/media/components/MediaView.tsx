import { IMAGE_SIZES, imageUrl } from '@cairn/shared/media';
import { useTranslation } from 'react-i18next';
import { AudioPlayer } from '../../../ui/AudioPlayer';
import { iconTypeOf, playableVideoType } from '../file-types';
import { FileIcon } from './FileIcon';

export interface MediaViewProps {
  url: string;
  title: string;
  mimetype: string;
  /** the server's download URL, when it differs from `url` */
  downloadUrl?: string;
}

/** Shows one media file: image (resized), audio and video players, or a document icon with a download link. */
export function MediaView({ url, title, mimetype, downloadUrl }: MediaViewProps) {
  const { t } = useTranslation('media');
  const type = iconTypeOf(mimetype);

  if (type === 'image') {
    return (
      <img
        src={imageUrl(url, IMAGE_SIZES.media)}
        alt={title}
        loading="lazy"
        className="max-h-[400px] max-w-full rounded-xl object-contain"
      />
    );
  }
  if (type === 'audio') {
    // a file the browser cannot play leaves no dead player behind (§8)
    return (
      <AudioPlayer
        src={url}
        label={title}
        fallback={<p className="text-sm text-slate-600">{t('view.audioError')}</p>}
      />
    );
  }
  if (type === 'video') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: learners' own recordings come without captions
      <video controls preload="metadata" className="max-h-[400px] w-full rounded-xl bg-black">
        <source src={url} type={playableVideoType(mimetype)} />
      </video>
    );
  }
  return (
    <div className="flex items-center gap-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
      <FileIcon type={type} />
      <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{title}</span>
      <a
        href={downloadUrl ?? url}
        download={title}
        className="text-sm font-semibold text-accent-ink underline underline-offset-4"
      >
        {t('view.download', { title })}
      </a>
    </div>
  );
}
