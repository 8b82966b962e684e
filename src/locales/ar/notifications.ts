// Arabic (Modern Standard) texts of the notifications group: the toasts, their provider and the
// error boundary.
import type { Translation } from '../translation';

/** Notifications' texts in Arabic. */
export const notifications: Translation<'notifications'> = {
  region: 'الإشعارات',
  close: 'إغلاق الإشعار',
};

/** NotificationsProvider's texts in Arabic. */
export const notificationsProvider: Translation<'notificationsProvider'> = {
  ...notifications,
  errorTitle: 'خطأ',
};

/** ErrorBoundary's texts in Arabic. */
export const errorBoundary: Translation<'errorBoundary'> = {
  title: 'حدث خطأ ما',
  tryAgain: 'إعادة المحاولة',
};
