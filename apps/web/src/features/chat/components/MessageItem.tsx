import type { ChatUser, Message } from '@cairn/shared/api/chat';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { FileTypeIcon, fileKind } from '../../../ui/FileTypeIcon';
import { parseTrailCard } from '../trail-card';
import { TrailCard } from './TrailCard';

/** §4 read status: grey double tick delivered, half orange partly read, orange double tick read by all. */
function Ticks({ m }: { m: Message }) {
  const { t } = useTranslation('chat');
  const { read, recipients } = m.read_status;
  const state = read === 0 ? 'delivered' : read < recipients ? 'partly' : 'read';
  const label =
    state === 'delivered'
      ? t('ticks.delivered')
      : state === 'read'
        ? t('ticks.read')
        : t('ticks.partly', { read, total: recipients });
  const first = state === 'delivered' ? 'text-slate-400' : 'text-accent-ink';
  const second = state === 'read' ? 'text-accent-ink' : 'text-slate-400';
  return (
    <span role="img" aria-label={label} data-testid="ticks" data-state={state} className="inline-flex">
      <svg viewBox="0 0 24 16" className="h-3 w-5" aria-hidden="true" fill="none" strokeWidth="2" strokeLinecap="round">
        <path d="M1 8l4 4 8-9" className={first} stroke="currentColor" />
        <path d="M9 12l1 0 9-9" className={second} stroke="currentColor" />
      </svg>
    </span>
  );
}

function Attachment({ m }: { m: Message }) {
  const { t } = useTranslation('chat');
  const [audioFailed, setAudioFailed] = useState(false);
  const media = m.media;
  if (!media) return null;
  const type = media.metadata.mimetype;
  const fileName = `${media.title}.${media.ext}`;
  const kind = fileKind(type, fileName);
  if (kind === 'image') {
    return (
      <a href={media.url} download={fileName} aria-label={t('download', { name: fileName })} className="relative block">
        <img src={media.url} alt={media.title} className="max-h-48 max-w-full rounded-lg" loading="lazy" />
        <span className="absolute start-1 top-1 rounded bg-white/90 p-0.5 text-slate-900">
          <FileTypeIcon kind="image" className="size-4" />
        </span>
      </a>
    );
  }
  const download = (
    <a
      href={media.url}
      download={fileName}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 underline"
    >
      <FileTypeIcon kind={kind} />
      <span className="truncate">{t('download', { name: fileName })}</span>
    </a>
  );
  if (type.startsWith('audio/')) {
    return (
      <div className="flex flex-col gap-1">
        {audioFailed ? (
          <p className="text-sm text-slate-700">{t('audioUnavailable')}</p>
        ) : (
          // biome-ignore lint/a11y/useMediaCaption: user recordings have no captions
          <audio
            controls
            src={media.url}
            aria-label={media.title}
            onError={() => setAudioFailed(true)}
            className="max-w-full"
          />
        )}
        {download}
      </div>
    );
  }
  return download;
}

/** One message: sender, body, attachment, time; on the user's own, the §4 ticks and (in groups) who read it. */
export function MessageItem({
  m,
  mine,
  users,
  highlighted,
}: {
  m: Message;
  mine: boolean;
  users: ChatUser[];
  highlighted: boolean;
}) {
  const { t } = useTranslation('chat');
  const locale = useLocale();
  const date = new Date(m.created_at);
  const when = Number.isNaN(date.getTime())
    ? m.readable_created_at
    : new Intl.DateTimeFormat(locale.replace('_', '-'), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  const readers = users.filter(
    (u) => u.id !== m.sender_id && u.read_message_at !== null && new Date(u.read_message_at) >= date,
  );
  const others = users.filter((u) => u.id !== m.sender_id);
  const { text, trail } = parseTrailCard(m.body);
  return (
    <li
      id={`message-${m.id}`}
      data-testid="message"
      data-highlighted={highlighted || undefined}
      className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`}
    >
      <div
        className={`max-w-[85%] rounded-2xl px-3 py-2 ${mine ? 'bg-accent/15' : 'bg-slate-100'} ${
          highlighted ? 'ring-2 ring-accent' : ''
        }`}
      >
        <p className="text-xs font-semibold text-slate-700">{mine ? t('you') : m.sender_name}</p>
        {text && <p className="whitespace-pre-wrap break-words text-slate-900">{text}</p>}
        {trail && <TrailCard trail={trail} />}
        <Attachment m={m} />
        <p className="mt-1 flex items-center justify-end gap-1 text-xs text-slate-600">
          <time dateTime={m.created_at}>{when}</time>
          {mine && <Ticks m={m} />}
        </p>
        {mine && users.length > 2 && (
          <details className="text-xs text-slate-700">
            <summary className="cursor-pointer">{t('readStatus')}</summary>
            <ul>
              {others.map((u) => (
                <li key={u.id}>
                  {u.name}: {readers.includes(u) ? t('ticks.read') : t('notRead')}
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </li>
  );
}
