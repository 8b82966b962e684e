// src/scheduler: headless slot logic — search window, grouping by day, the booking flow and
// its transaction. No React, no DOM, no globals: clocks and time zones come in as arguments.
export * from './window';
export * from './schedules';
export * from './query';
export * from './slots';
export * from './duration';
export * from './flow';
export * from './booking';
