import { EXTENDED_TIMES, type ExtendedTime } from '@cairn/shared/api/battles';
import type { CoachProfile, CoachUser } from '@cairn/shared/api/dashboards';
import type { RuleFailure } from '@cairn/shared/validation';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { useUpdateCoachUser } from '../api';

type Values = Record<string, string>;
const BASE = ['firstname', 'lastname', 'mobile', 'birth'] as const;

/**
 * The coach edits what they may of a learner (docs/me-and-coach.md): names, mobile, birth date and every custom
 * field, the coach-only ones included. The server checks everything; its field errors show at their fields.
 */
export function CoachProfileDialog({
  userId,
  user,
  profile,
  onClose,
}: {
  userId: number;
  user: CoachUser;
  profile: CoachProfile;
  onClose: () => void;
}) {
  const { t } = useTranslation(['coach', 'me', 'validation', 'common']);
  const update = useUpdateCoachUser(userId);
  const [values, setValues] = useState<Values>(() => ({
    firstname: user.firstname ?? '',
    lastname: user.lastname ?? '',
    mobile: profile.mobile ?? '',
    birth: profile.birth ?? '',
    ...Object.fromEntries(profile.fields.map((f) => [`field:${f.name}`, f.fieldValues ?? ''])),
    extended_time: profile.extended_time ?? 'none',
  }));
  const hintId = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: string) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const label = (k: string) =>
    k.startsWith('field:')
      ? (profile.fields.find((f) => `field:${f.name}` === k)?.label ?? k)
      : t(`profile.${k as (typeof BASE)[number]}`);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      await update.mutateAsync({
        firstname: values.firstname,
        lastname: values.lastname,
        mobile: values.mobile || null,
        birth: values.birth || null,
        fields: Object.fromEntries(profile.fields.map((f) => [f.name, values[`field:${f.name}`] || null])),
        extended_time: values.extended_time === 'none' ? null : (values.extended_time as ExtendedTime),
      });
      notify.success(t('me:edit.saved'));
      onClose();
    } catch (err) {
      const rules =
        err instanceof HttpError && err.status === 422
          ? (err.body as { rules?: Record<string, RuleFailure> })?.rules
          : null;
      if (!rules) return;
      setErrors(
        Object.fromEntries(
          Object.entries(rules).map(([field, f]) => {
            const key = BASE.includes(field as (typeof BASE)[number]) ? field : `field:${field}`;
            return [key, t(`validation:${f.rule}`, { ...f.params, field: label(key) })];
          }),
        ),
      );
    }
  };

  return (
    <Dialog open title={t('profile.title')} onClose={onClose}>
      <form noValidate onSubmit={submit} className="flex max-h-[70vh] flex-col gap-3 overflow-y-auto">
        {BASE.map((k) => (
          <TextField
            key={k}
            label={t(`profile.${k}`)}
            name={k}
            value={values[k]}
            onChange={set(k)}
            error={errors[k]}
            placeholder={k === 'birth' ? 'YYYY-MM-DD' : undefined}
            inputMode={k === 'mobile' ? 'tel' : undefined}
          />
        ))}
        {profile.fields.map((f) => {
          const k = `field:${f.name}`;
          return f.type === 'select' ? (
            <SelectField
              key={k}
              label={f.label}
              placeholder={t('me:edit.pleaseSelect')}
              options={f.options.map((o) => ({ value: o, label: o }))}
              value={values[k]}
              onChange={set(k)}
              error={errors[k]}
            />
          ) : (
            <TextField key={k} label={f.label} name={k} value={values[k]} onChange={set(k)} error={errors[k]} />
          );
        })}
        {/* WCAG 2.2.1: the learner's extended time in timed battles (docs/battles.md) */}
        <SelectField
          label={t('profile.extendedTime')}
          placeholder={t('profile.extendedTime')}
          name="extended_time"
          options={(['none', ...EXTENDED_TIMES] as const).map((v) => ({
            value: v,
            label: t(`profile.time.${v === 'x1.5' ? 'x1_5' : v}`),
          }))}
          value={values.extended_time}
          onChange={set('extended_time')}
          error={errors.extended_time}
          aria-describedby={hintId}
        />
        <p id={hintId} className="-mt-2 text-sm text-slate-600">
          {t('profile.extendedTimeHint')}
        </p>
        <div className="mt-2 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {t('profile.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
