import { useNotifications } from '@mantine/notifications';
import { Suspense, lazy, useState } from 'react';

const loadContainer = () => import('./notifications-container.tsx');
const NotificationsContainer = lazy(loadContainer);

/**
 * Loads the toasts' container ahead: the shell does, so that a toast about a server that stopped
 * answering still shows (its chunk could not be loaded then).
 */
export function preloadToasts(): void {
  void loadContainer();
}

/**
 * The toasts: the container mounts with the first one (and stays), so that a page that shows none,
 * like the login page, loads none of its code. `notifications.show` works before, through Mantine's
 * store, which the container reads when it comes.
 */
export function Toasts() {
  const { notifications } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (notifications.length > 0 && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  );
}
