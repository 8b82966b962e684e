import type { Plugin } from 'vite';

export declare const STYLES_LAYER: string;
export declare function inStylesLayer(css: string): string;
export declare function buildStylesheet(stylesDir: string): string;
export declare function stylesLayerPlugin(stylesDir: string): Plugin;
