import { useTranslation } from 'react-i18next';
import type { FileIconType } from '../file-types';

const STYLE: Record<FileIconType, { label: string; color: string }> = {
  pdf: { label: 'PDF', color: 'bg-red-600' },
  word: { label: 'DOC', color: 'bg-blue-700' },
  excel: { label: 'XLS', color: 'bg-green-700' },
  powerpoint: { label: 'PPT', color: 'bg-orange-600' },
  text: { label: 'TXT', color: 'bg-slate-600' },
  audio: { label: '♪', color: 'bg-purple-700' },
  image: { label: 'IMG', color: 'bg-teal-700' },
  video: { label: '▶', color: 'bg-pink-700' },
  file: { label: '…', color: 'bg-slate-500' },
};

/** A document badge by type; the label is spoken, the letters are decoration. */
export function FileIcon({ type }: { type: FileIconType }) {
  const { t } = useTranslation('media');
  const s = STYLE[type];
  return (
    <span
      role="img"
      aria-label={t(`view.types.${type}`)}
      data-icon={type}
      className={`inline-flex h-12 w-10 shrink-0 items-center justify-center rounded-md text-xs font-bold text-white ${s.color}`}
    >
      <span aria-hidden="true">{s.label}</span>
    </span>
  );
}
