import '@mantine/notifications/styles.layer.css';
import './all-styles.ts';
import { Notifications } from '@mantine/notifications';
import classes from './notifications.module.css';

/**
 * Mantine's container of the toasts (with its transitions), below the shell's header. It brings
 * all of Mantine's styles: a toast may open on a page that has only the core's (decision 016).
 */
export function NotificationsContainer() {
  return <Notifications position="top-right" classNames={{ root: classes.root }} />;
}

export default NotificationsContainer;
