import type { Message } from '@cairn/shared/api/chat';
import { CHAT_ATTACHMENT_ACCEPT, isChatAttachmentType } from '@cairn/shared/chat';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http';
import { notify, useKeepToastsClear } from '../../../lib/notify';
import { fetchMessage, messageKeys, sendBroadcast, sendFile, sendText } from '../api';
import { type SentTrail, textRoomWith, withTrailCard } from '../trail-card';
import { TrailCard } from './TrailCard';

/**
 * The message box: text (at most CHAT_MESSAGE_MAX), an attachment, Enter sends; one idempotency key per message.
 * `trail` (sendTrail) is attached as a card to the first message sent, unless the user removes it.
 */
export function Composer({
  target,
  channel,
  initial,
  trail,
  onNotFound,
  onSent,
}: {
  target: { discussionId: number } | { userId: number };
  channel: 'chat' | 'broadcast';
  initial: string;
  trail: SentTrail | null;
  onNotFound: () => void;
  /** the stored message, as the server presents it (null when it could not be read back), and its discussion */
  onSent: (message: Message | null, discussionId: number) => void;
}) {
  const { t } = useTranslation('chat');
  useKeepToastsClear();
  const [card, setCard] = useState(trail);
  const max = textRoomWith(card);
  const [body, setBody] = useState([...initial].slice(0, max).join(''));
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // one idempotency key per message, reused when the same message is sent again after a failure
  const [keys] = useState(messageKeys);
  const fileRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const counterId = useId();

  const image = file?.type.startsWith('image/') ? file : null;
  useEffect(() => {
    if (!image) return setPreview(null);
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const clearFile = () => {
    setFile(null);
    if (fileRef.current) fileRef.current.value = '';
  };

  function pick(f: File | undefined) {
    if (!f) return;
    if (!isChatAttachmentType(f.type, f.name)) {
      notify.error(t('upload_correct_file_type'));
      clearFile();
      return;
    }
    setFile(f);
  }

  async function send(e?: FormEvent) {
    e?.preventDefault();
    const text = withTrailCard(body.trim(), card);
    if (sending || (!text && !file)) return;
    setSending(true);
    try {
      let message: Message;
      if (file && 'discussionId' in target) {
        // the upload answers the message's id only; the message is then read by it (§7). It is stored already:
        // if that read fails, the discussion is read again instead
        const { data } = await sendFile(channel, target.discussionId, file, text);
        setBody('');
        clearFile();
        setCard(null);
        const fetched = await fetchMessage(channel, data.id).catch(() => null);
        onSent(fetched, target.discussionId);
        return;
      } else if (channel === 'broadcast' && 'discussionId' in target) {
        const key = keys.keyFor(JSON.stringify([channel, target, text]));
        message = await sendBroadcast(target.discussionId, text, key);
      } else {
        message = await sendText(target, text, keys.keyFor(JSON.stringify([channel, target, text])));
      }
      keys.sent();
      setBody('');
      clearFile();
      setCard(null);
      onSent(message, message.discussion_id);
    } catch (err) {
      // 415 and friends: the http client has already shown the catalogue's message
      if (err instanceof HttpError && err.status === 415) notify.error(t('upload_correct_file_type'));
      if (err instanceof HttpError && err.status === 404) onNotFound();
    } finally {
      setSending(false);
    }
  }

  function onKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter' && !e.shiftKey) void send(e);
  }

  return (
    <form onSubmit={send} className="flex shrink-0 flex-col gap-2 border-t border-slate-200 bg-white pt-2">
      {card && <TrailCard trail={card} onRemove={() => setCard(null)} />}
      {file && (
        <div data-testid="file-preview" className="flex items-center gap-2 rounded-lg bg-slate-100 p-2">
          {preview ? (
            <img src={preview} alt={file.name} className="size-12 rounded object-cover" />
          ) : (
            <span className="truncate text-sm text-slate-900">{file.name}</span>
          )}
          <span className="min-w-0 flex-1 truncate text-sm text-slate-700">{preview ? file.name : ''}</span>
          <button
            type="button"
            onClick={clearFile}
            aria-label={t('composer.remove')}
            className="flex size-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200"
          >
            <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      )}
      <div className="flex items-center gap-1">
        {'discussionId' in target && (
          <>
            <input
              ref={fileRef}
              type="file"
              accept={CHAT_ATTACHMENT_ACCEPT}
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="chat-file"
              onChange={(e) => pick(e.target.files?.[0])}
            />
            <button
              type="button"
              onClick={() => fileRef.current?.click()}
              aria-label={t('composer.attach')}
              className="flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
            >
              <svg
                viewBox="0 0 24 24"
                className="size-5"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M21 12l-8.5 8.5a5 5 0 0 1-7-7L14 5a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L15 8" />
              </svg>
            </button>
          </>
        )}
        <label htmlFor={inputId} className="sr-only">
          {t('composer.label')}
        </label>
        <input
          id={inputId}
          value={body}
          maxLength={max}
          onChange={(e) => setBody(e.target.value)}
          onKeyDown={onKey}
          placeholder={t('composer.placeholder')}
          aria-describedby={counterId}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500"
        />
        <button
          type="submit"
          disabled={sending || (!body.trim() && !file && !card)}
          aria-label={t('composer.send')}
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-on-accent disabled:opacity-50"
        >
          <svg viewBox="0 0 24 24" className="size-5 rtl:rotate-180" aria-hidden="true" fill="currentColor">
            <path d="M3 20l18-8L3 4v6l12 2-12 2z" />
          </svg>
        </button>
      </div>
      <p id={counterId} className="text-end text-xs text-slate-600">
        {t('composer.counter', { count: [...body].length, max })}
      </p>
    </form>
  );
}
