import { TIMINGS } from '@cairn/shared/constants';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';

/** Bottom-right, one toast at a time, 4 s unless the toast says otherwise (§9). */
export default function Toasts() {
  const { t } = useTranslation('common');
  return (
    <Toaster
      position="bottom-right"
      visibleToasts={1}
      duration={TIMINGS.toastDefaultMs}
      richColors
      // the brand's accent marks every toast (docs/branding.md)
      toastOptions={{ style: { borderInlineStart: '4px solid rgb(var(--accent))' } }}
      containerAriaLabel={t('a11y.notifications')}
    />
  );
}
