import { ADMIN_ROLES, type AdminRole } from '@cairn/shared/api/admin';
import { LOCALES, type LocaleCode } from '@cairn/shared/locales';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { useInvite } from '../api';

const EMPTY = { email: '', firstname: '', lastname: '', language: 'en', role: 'learner' as AdminRole };

/** Invite one person: e-mail, names, language and role; the server's refusals are shown by field. */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const invite = useInvite();
  const [v, setV] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) => {
    setV((old) => ({ ...old, [k]: e.target.value }));
    setErrors((old) => ({ ...old, [k]: '' }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const missing: Record<string, string> = {};
    for (const k of ['email', 'firstname', 'lastname'] as const) if (!v[k].trim()) missing[k] = t('invite.required');
    if (Object.keys(missing).length > 0) return setErrors(missing);
    try {
      await invite.mutateAsync({ ...v, language: v.language as LocaleCode });
      notify.success(t('invite.sent', { email: v.email.trim() }));
      setV(EMPTY);
      onClose();
    } catch (err) {
      if (err instanceof HttpError && err.status === 422) {
        const fields = err.body?.errors ?? {};
        const shown: Record<string, string> = {};
        for (const k of Object.keys(fields)) {
          shown[k] = k === 'email' && /already/.test(fields[k][0] ?? '') ? t('invite.taken') : t('invite.invalid');
        }
        setErrors(shown);
      }
    }
  }

  return (
    <Dialog open={open} title={t('invite.title')} onClose={onClose}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <p className="text-sm text-slate-600">{t('invite.lead')}</p>
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="off"
          value={v.email}
          onChange={set('email')}
          error={errors.email || undefined}
          maxLength={254}
        />
        <TextField
          label={t('fields.firstname')}
          value={v.firstname}
          onChange={set('firstname')}
          error={errors.firstname || undefined}
          maxLength={100}
        />
        <TextField
          label={t('fields.lastname')}
          value={v.lastname}
          onChange={set('lastname')}
          error={errors.lastname || undefined}
          maxLength={100}
        />
        <SelectField
          label={t('fields.language')}
          placeholder={t('fields.choose')}
          value={v.language}
          onChange={set('language')}
          options={LOCALES.map((l) => ({ value: l.code, label: l.locale_name }))}
          error={errors.language || undefined}
        />
        <SelectField
          label={t('fields.role')}
          placeholder={t('fields.choose')}
          value={v.role}
          onChange={set('role')}
          options={ADMIN_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          error={errors.role || undefined}
        />
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? t('invite.sending') : t('invite.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
