'use client';
// The React entry: provider, hooks, headless hooks and styled components.
// Each component family (src/react/<family>/index.ts) adds one line here.
export {};
