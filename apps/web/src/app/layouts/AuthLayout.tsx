import { Outlet } from 'react-router';
import { AuthShell } from './AuthShell';

export default function AuthLayout() {
  return (
    <AuthShell>
      <Outlet />
    </AuthShell>
  );
}
