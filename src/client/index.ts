// src/client: each module adds its exports here.
export {};
