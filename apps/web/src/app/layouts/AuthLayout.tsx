import { Outlet } from 'react-router';
import { AuthShell } from '../../ui/AuthShell';

export default function AuthLayout() {
  return (
    <AuthShell>
      <Outlet />
    </AuthShell>
  );
}
