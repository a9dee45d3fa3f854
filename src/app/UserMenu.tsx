/**
 * User menu (spec 1 §2): user and customer name, language switch, Logout with confirmation. The
 * menu's code (Chakra/Zag menu and its positioning, ~15 KB gzip) loads right after the first
 * screen, not before it (DESIGN.md budgets); meanwhile the same button stands in, and a click on it
 * opens the menu once it is there.
 */
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../data/session';
import { UserMenuButton } from './UserMenuButton';

const UserMenuDropdown = lazy(() => import('./UserMenuDropdown'));

export function UserMenu() {
  const session = useSession();
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  if (!session) return null;
  return (
    <Suspense fallback={<UserMenuButton name={session.name} onClick={() => setOpenWhenLoaded(true)} />}>
      <UserMenuDropdown session={session} defaultOpen={openWhenLoaded} />
    </Suspense>
  );
}
