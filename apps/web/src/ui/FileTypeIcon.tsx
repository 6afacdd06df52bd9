import { useTranslation } from 'react-i18next';

/** The §9 file types an icon tells apart. */
export type FileKind = 'image' | 'audio' | 'video' | 'pdf' | 'file';

/** A file's kind from its MIME type, else from the extension of its name or URL (the query string ignored). */
export function fileKind(mimetype: string | null | undefined, name?: string | null): FileKind {
  const type = (mimetype ?? '').toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  if (type === 'application/pdf') return 'pdf';
  const ext = /\.([a-z0-9]{1,5})$/i.exec((name ?? '').slice(0, 2048).split(/[?#]/)[0])?.[1]?.toLowerCase();
  if (!ext) return 'file';
  if (['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg', 'avif'].includes(ext)) return 'image';
  if (['mp3', 'wav', 'ogg', 'oga', 'm4a', 'aac', 'weba'].includes(ext)) return 'audio';
  if (['mp4', 'webm', 'mov', 'm4v', 'ogv'].includes(ext)) return 'video';
  return ext === 'pdf' ? 'pdf' : 'file';
}

const paths: Record<FileKind, React.ReactNode> = {
  image: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="M21 17l-5-5-9 8" />
    </>
  ),
  audio: (
    <>
      <path d="M9 18V5l12-2v13" />
      <circle cx="6" cy="18" r="3" />
      <circle cx="18" cy="16" r="3" />
    </>
  ),
  video: (
    <>
      <rect x="2" y="5" width="14" height="14" rx="2" />
      <path d="M16 10l6-4v12l-6-4z" />
    </>
  ),
  pdf: (
    <>
      <path d="M6 2h9l5 5v15H6z" />
      <path d="M14 2v6h6" />
      <path d="M9 17v-4h1.5a1.5 1.5 0 0 1 0 3H9" />
    </>
  ),
  file: (
    <>
      <path d="M6 2h9l5 5v15H6z" />
      <path d="M14 2v6h6" />
    </>
  ),
};

/** A file-type icon (§9: image, audio, video, pdf, generic) with its kind as its accessible name. */
export function FileTypeIcon({ kind, className = 'size-5' }: { kind: FileKind; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <span role="img" aria-label={t(`fileType.${kind}`)} data-file-kind={kind} className="inline-flex shrink-0">
      <svg
        viewBox="0 0 24 24"
        className={className}
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {paths[kind]}
      </svg>
    </span>
  );
}
