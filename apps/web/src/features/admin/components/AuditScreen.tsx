import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/PageHeading';
import { Spinner } from '../../../ui/Spinner';
import { useAudit } from '../api';

/** /admin/audit: every admin action, newest first: when, who, what, which object, from which address. */
export default function AuditScreen() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  const pages = audit.data?.meta.pagination.total_pages ?? 1;
  const when = new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { dateStyle: 'medium', timeStyle: 'short' });
  const action = (a: string) =>
    i18n.exists(`admin:actions.${a.replace('.', '_')}`)
      ? t(`actions.${a.replace('.', '_')}` as 'actions.user_invite')
      : a;

  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading" className="mb-1 text-xl font-semibold text-slate-900">
        {t('tabs.audit')}
      </h2>
      <p className="mb-4 text-sm text-slate-600">{t('audit.lead')}</p>
      {audit.isPending ? (
        <Spinner label={t('common:status.loading')} />
      ) : !audit.data || audit.data.data.length === 0 ? (
        <EmptyState>{t('audit.none')}</EmptyState>
      ) : (
        <section
          aria-label={t('audit.caption')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard (axe scrollable-region-focusable)
          tabIndex={0}
          className="overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200"
        >
          <table className="w-full min-w-[40rem] text-sm">
            <caption className="sr-only">{t('audit.caption')}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 text-start">
                  {t('audit.when')}
                </th>
                <th scope="col" className="px-3 py-2 text-start">
                  {t('audit.who')}
                </th>
                <th scope="col" className="px-3 py-2 text-start">
                  {t('audit.what')}
                </th>
                <th scope="col" className="px-3 py-2 text-start">
                  {t('audit.object')}
                </th>
                <th scope="col" className="px-3 py-2 text-start">
                  {t('audit.from')}
                </th>
              </tr>
            </thead>
            <tbody>
              {audit.data.data.map((e) => (
                <tr key={e.id} className="border-t border-slate-100 align-top">
                  <td className="whitespace-nowrap px-3 py-2">{when.format(new Date(e.created_at))}</td>
                  <td className="px-3 py-2">
                    {e.actor === null
                      ? t('audit.commandLine')
                      : e.actor.name === 'Deleted user'
                        ? t('audit.deletedUser')
                        : e.actor.name}
                  </td>
                  <td className="px-3 py-2">{action(e.action)}</td>
                  <td className="px-3 py-2">
                    {e.object_type}
                    {e.object_id ? ` #${e.object_id}` : ''}
                  </td>
                  <td className="px-3 py-2 font-mono text-xs">{e.ip ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {pages > 1 && (
        <nav aria-label={t('people.pages')} className="mt-4 flex items-center justify-center gap-3">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('people.previous')}
          </Button>
          <span className="text-sm text-slate-700">{t('people.pageOf', { page, pages })}</span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('people.next')}
          </Button>
        </nav>
      )}
    </section>
  );
}
