import { TIMINGS } from '@cairn/shared/constants';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { composersShown } from '../lib/notify';
import { useStore } from '../lib/store';

/**
 * Bottom-right, one toast at a time, 4 s unless the toast says otherwise (§9). While a chat composer is shown (at the
 * bottom of the side panel, on the same edge) toasts come at the top instead, so they never cover it.
 */
export default function Toasts() {
  const { t } = useTranslation('common');
  const composer = useStore(composersShown) > 0;
  return (
    <Toaster
      position={composer ? 'top-center' : 'bottom-right'}
      visibleToasts={1}
      duration={TIMINGS.toastDefaultMs}
      richColors
      // the brand's accent marks every toast (docs/branding.md)
      toastOptions={{ style: { borderInlineStart: '4px solid rgb(var(--accent))' } }}
      containerAriaLabel={t('a11y.notifications')}
    />
  );
}
