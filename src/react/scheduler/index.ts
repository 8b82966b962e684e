// src/react/scheduler: the scheduler hook, its styled default and the month calendar.
export * from './useScheduler';
export * from './Scheduler';
export * from './MonthCalendar';
export * from './schedulerMessages';
