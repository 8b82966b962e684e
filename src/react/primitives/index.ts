// The React plumbing every component family shares: class names, props and refs, controllable
// state, one combobox, requests, on-demand parts and HTML sanitizing. Families import each other's
// internals only through here (eslint.config.js, 'component families').
export * from './classNames';
export * from './mergeHandlers';
export * from './onDemand';
export * from './request';
export * from './sanitize';
export * from './splitProps';
export * from './useCombobox';
export * from './useControllableState';
