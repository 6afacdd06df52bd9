import { Outlet } from 'react-router';
import { CustomerBrand } from '../../features/branding/use-customer-brand';
import { PanelViewsContext } from '../../lib/panel-views';
import { Popups } from '../shell/Popups';
import { PLAYER_PANEL_VIEWS } from '../shell/panel-views';

/** Full-screen trail play: no header, only the popups; branded like every signed-in screen. */
export default function PlayerLayout() {
  return (
    <>
      <CustomerBrand />
      <main id="main" className="min-h-dvh">
        <PanelViewsContext.Provider value={PLAYER_PANEL_VIEWS}>
          <Outlet />
        </PanelViewsContext.Provider>
      </main>
      <Popups />
    </>
  );
}
