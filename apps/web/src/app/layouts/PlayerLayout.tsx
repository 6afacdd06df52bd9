import { Outlet } from 'react-router';
import { Popups } from '../../features/shell/components/Popups';

/** Full-screen trail play: no header, only the popups. */
export default function PlayerLayout() {
  return (
    <>
      <main id="main" className="min-h-dvh">
        <Outlet />
      </main>
      <Popups />
    </>
  );
}
