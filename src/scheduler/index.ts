// src/scheduler: each module adds its exports here.
export {};
