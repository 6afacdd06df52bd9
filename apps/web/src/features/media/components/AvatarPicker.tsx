import type { User } from '@cairn/shared/api/accounts';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../../lib/profile';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { vault } from '../vault-store';

/** The avatar on /me/edit with the button that opens the media vault. */
export function AvatarPicker({ user }: { user: User }) {
  const { t } = useTranslation('media');
  return (
    <div className="mb-6 flex items-center gap-4">
      <Avatar url={user.avatar[0]?.url ?? null} name={displayName(user)} alt="" size={72} />
      <Button variant="secondary" onClick={vault.open}>
        {t('vault.open')}
      </Button>
    </div>
  );
}
