import { PASSWORD_MIN } from '@cairn/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { HttpError } from '../../../lib/http';
import { Button } from '../../../ui/Button';
import { PageHeading } from '../../../ui/PageHeading';
import { TextField } from '../../../ui/TextField';
import { completeLogin } from '../../auth';
import { acceptInvitation } from '../api';

/**
 * The invitation link's page (/welcome/new?invitation=…, shown here at /invitation): the invitee sets a password and
 * accepts the terms, is signed in and lands on /welcome.
 */
export default function AcceptInvitationScreen() {
  const { t } = useTranslation('admin');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<{ password?: string; confirm?: string; link?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (password.length < PASSWORD_MIN) return setError({ password: t('accept.tooShort', { min: PASSWORD_MIN }) });
    if (password !== confirm) return setError({ confirm: t('accept.mismatch') });
    setBusy(true);
    try {
      const res = await acceptInvitation(token, password);
      await completeLogin(res.data, { queryClient, navigate });
    } catch (err) {
      if (err instanceof HttpError && err.status === 422) {
        setError(
          err.body?.code === 'invalid_invitation' ? { link: t('accept.dead') } : { password: t('invite.invalid') },
        );
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeading title={t('accept.title')}>{t('accept.lead')}</PageHeading>
      {(!token || error.link) && (
        <p role="alert" className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {error.link ?? t('accept.dead')}
        </p>
      )}
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label={t('accept.password')}
          type="password"
          autoComplete="new-password"
          maxLength={200}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error.password}
        />
        <TextField
          label={t('accept.confirm')}
          type="password"
          autoComplete="new-password"
          maxLength={200}
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={error.confirm}
        />
        <label className="flex items-start gap-3 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-accent"
            checked={accepted}
            onChange={(e) => setAccepted(e.target.checked)}
          />
          <span>{t('accept.terms')}</span>
        </label>
        <Button type="submit" disabled={!token || !accepted || busy}>
          {busy ? t('accept.working') : t('accept.submit')}
        </Button>
      </form>
    </>
  );
}
