import { Outlet } from 'react-router';
import { CustomerBrand } from '../../features/branding/use-customer-brand';
import { Popups } from '../shell/Popups';

/** Full-screen trail play: no header, only the popups; branded like every signed-in screen. */
export default function PlayerLayout() {
  return (
    <>
      <CustomerBrand />
      <main id="main" className="min-h-dvh">
        <Outlet />
      </main>
      <Popups />
    </>
  );
}
