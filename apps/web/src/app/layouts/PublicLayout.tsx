import { Outlet } from 'react-router';

/** A plain page: public trail entry and the thank-you page. */
export default function PublicLayout() {
  return (
    <main id="main" className="min-h-dvh">
      <Outlet />
    </main>
  );
}
