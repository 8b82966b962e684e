export interface ThemePair {
  /** The foreground colour's name, after `--fpk-color-` (or `--fpk-` for the focus ring). */
  text: string;
  /** The background colour's name. */
  on: string;
  /** The ratio it needs: 4.5 for text, 3 for the focus ring and accents. */
  min: number;
}
export declare const THEME_PAIRS: ThemePair[];
export declare function relativeLuminance(hex: string): number;
export declare function contrastRatio(a: string, b: string): number;
export declare function readThemes(css: string): {
  light: Record<string, string>;
  dark: Record<string, string>;
  darkBySystem: Record<string, string>;
};
export declare function themeRatios(
  vars: Record<string, string>
): (ThemePair & { fg: string; bg: string; ratio: number })[];
