import { mayOpen, type AppRoute } from '@logoschool/contract';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { indexPathOf } from './screens.ts';
import { FullLoader } from '../components/full-loader.tsx';
import { ServerUnreachable } from './screens/server-unreachable.tsx';
import { useSession } from '../session/session.tsx';

/**
 * The login guard (spec §2, §4): no token → /login (remembering where to return); a token being
 * checked → a loader; a refused token → /logout, which says the session is over; a server that
 * could not be reached → a screen to try again, keeping the token.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'no-token') {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  if (status === 'pending') return <FullLoader />;
  if (status === 'expired') return <Navigate to="/logout" replace state={{ expired: true }} />;
  if (status === 'unreachable') return <ServerUnreachable />;
  return children;
}

/** A staff route: a signed-in user whose selected role may not open it goes to `/` (spec §2). */
export function RequireRoute({ route, children }: { route: AppRoute; children: ReactNode }) {
  const { role, held } = useSession();
  if (!role || !mayOpen(route, role, held)) return <Navigate to="/" replace />;
  return children;
}

/** `/`: the selected role's index screen (spec §2, `indexPathOf`). */
export function IndexRedirect() {
  const { role } = useSession();
  if (!role) return null;
  return <Navigate to={indexPathOf(role)} replace />;
}
