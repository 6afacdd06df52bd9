import { LOCALES } from '@cairn/shared/locales';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useProfile } from '../../../lib/use-profile';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/PageHeading';
import { SelectField } from '../../../ui/SelectField';
import { Spinner } from '../../../ui/Spinner';
import { TextField } from '../../../ui/TextField';
import { useCreateCustomer, useCustomers } from '../api';

/** /admin/customers (operators, is_root): the deployment's customers, and a new one with its first admin invited. */
export default function CustomersScreen() {
  const { t } = useTranslation(['admin', 'common']);
  const { data: me } = useProfile();
  const root = !!me?.is_root;
  const customers = useCustomers(root);
  const create = useCreateCustomer();
  const [company, setCompany] = useState('');
  const [email, setEmail] = useState('');
  const [language, setLanguage] = useState('en');
  const [errors, setErrors] = useState<{ company?: string; email?: string }>({});

  if (!root) return <EmptyState>{t('customers.operatorsOnly')}</EmptyState>;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const missing = {
      company: company.trim() ? undefined : t('invite.required'),
      email: email.trim() ? undefined : t('invite.required'),
    };
    if (missing.company || missing.email) return setErrors(missing);
    try {
      await create.mutateAsync({ company: company.trim(), admin_email: email.trim(), language: language as 'en' });
      notify.success(t('customers.created', { company: company.trim(), email: email.trim() }));
      setCompany('');
      setEmail('');
      setErrors({});
    } catch (err) {
      if (err instanceof HttpError && err.status === 422) {
        const f = err.body?.errors ?? {};
        setErrors({
          company: f.company ? t('invite.invalid') : undefined,
          email:
            f.email || f.admin_email
              ? /already/.test((f.email ?? [''])[0])
                ? t('invite.taken')
                : t('invite.invalid')
              : undefined,
        });
      }
    }
  }

  return (
    <section aria-labelledby="customers-heading" className="flex flex-col gap-6">
      <h2 id="customers-heading" className="text-xl font-semibold text-slate-900">
        {t('tabs.customers')}
      </h2>
      <form
        noValidate
        onSubmit={submit}
        className="grid gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-2"
      >
        <p className="text-sm text-slate-600 sm:col-span-2">{t('customers.lead')}</p>
        <TextField
          label={t('customers.company')}
          value={company}
          maxLength={200}
          onChange={(e) => setCompany(e.target.value)}
          error={errors.company}
        />
        <TextField
          label={t('customers.adminEmail')}
          type="email"
          value={email}
          maxLength={254}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <SelectField
          label={t('fields.language')}
          placeholder={t('fields.choose')}
          value={language}
          onChange={(e) => setLanguage(e.target.value)}
          options={LOCALES.map((l) => ({ value: l.code, label: l.locale_name }))}
        />
        <div className="flex items-end">
          <Button type="submit" disabled={create.isPending}>
            {t('customers.create')}
          </Button>
        </div>
      </form>
      {customers.isPending ? (
        <Spinner label={t('common:status.loading')} />
      ) : (
        <ul className="flex flex-col gap-2">
          {(customers.data ?? []).map((c) => (
            <li key={c.id} className="flex justify-between rounded-xl bg-white px-4 py-3 ring-1 ring-slate-200">
              <span className="font-semibold text-slate-900">{c.company}</span>
              <span className="text-sm text-slate-600">{t('people.count', { count: c.users })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
