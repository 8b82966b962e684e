// Spanish texts of the notifications group: the toasts, their provider and the error boundary.
import type { Translation } from '../translation';

/** Notifications' texts in Spanish. */
export const notifications: Translation<'notifications'> = {
  region: 'Notificaciones',
  close: 'Cerrar notificación',
};

/** NotificationsProvider's texts in Spanish. */
export const notificationsProvider: Translation<'notificationsProvider'> = {
  ...notifications,
  errorTitle: 'Error',
};

/** ErrorBoundary's texts in Spanish. */
export const errorBoundary: Translation<'errorBoundary'> = {
  title: 'Algo salió mal',
  tryAgain: 'Volver a intentarlo',
};
