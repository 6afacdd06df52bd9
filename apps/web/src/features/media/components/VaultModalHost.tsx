import { lazy, Suspense } from 'react';
import { useProfile } from '../../../lib/use-profile';
import { useVaultOpen, vault } from '../vault-store';

const VaultModal = lazy(() => import('./VaultModal').then((m) => ({ default: m.VaultModal })));

/** Mounts the vault modal in the default layout while it is open; its code loads only then. */
export function VaultModalHost() {
  const open = useVaultOpen();
  const { data: user } = useProfile();
  if (!open || !user) return null;
  return (
    <Suspense fallback={null}>
      <VaultModal user={user} onClose={vault.close} />
    </Suspense>
  );
}
