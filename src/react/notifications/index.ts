export * from './notificationsReducer';
export * from './useNotificationsStore';
export * from './Notifications';
export * from './NotificationsProvider';
