import type { ChatUser, Discussion } from '@cairn/shared/api/chat';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../lib/use-profile';
import { Avatar } from '../../../ui/Avatar';
import { chatUi } from '../store';

export function BackButton() {
  const { t } = useTranslation('chat');
  return (
    <button
      type="button"
      onClick={chatUi.back}
      aria-label={t('back')}
      className="flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
    >
      <svg viewBox="0 0 24 24" className="size-5 rtl:rotate-180" aria-hidden="true">
        <path d="M15 5l-7 7 7 7" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
      </svg>
    </button>
  );
}

/**
 * A discussion's profile: a one-to-one chat's other person, or a group's participants (Admin marks its owners). A
 * broadcast the user does not own lists only its owners and the user: the number of participants says how many
 * take part.
 */
export function ProfileView({
  name,
  media,
  type,
  users,
  count,
}: {
  name: string;
  media: string | null;
  type: Discussion['type'];
  users: ChatUser[];
  count: number;
}) {
  const { t } = useTranslation('chat');
  const { data: me } = useProfile();
  const other = users.find((u) => u.id !== me?.id);
  const group = type === 'team' || type === 'company';
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <BackButton />
        <h2 className="font-bold text-slate-900">{t('profile.title')}</h2>
      </div>
      <div className="flex flex-col items-center gap-2 py-2">
        <Avatar url={media} name={name} alt="" size={72} />
        <p className="text-lg font-bold text-slate-900">{name}</p>
        {!group && other?.email && <p className="text-sm text-slate-600">{other.email}</p>}
      </div>
      {group && (
        <section aria-labelledby="chat-participants">
          <h3 id="chat-participants" className="font-semibold text-slate-900">
            {t('profile.participants')}
          </h3>
          <p className="text-sm text-slate-600">{t('profile.participantCount', { count })}</p>
          <ul className="mt-2 flex flex-col gap-2">
            {users.map((u) => (
              <li key={u.id} className="flex items-center gap-2">
                <Avatar url={u.media} name={u.name} alt="" size={32} />
                <span className="flex min-w-0 flex-col">
                  <span className="font-semibold text-slate-900">
                    {u.name}
                    {u.owner && (
                      <span className="ms-2 rounded bg-accent px-1.5 text-xs text-on-accent">{t('profile.admin')}</span>
                    )}
                  </span>
                  {u.email && <span className="truncate text-sm text-slate-600">{u.email}</span>}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
