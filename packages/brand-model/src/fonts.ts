import { fileURLToPath } from 'node:url';

/**
 * Points fontconfig (which librsvg, inside sharp, uses to find fonts for SVG text) at fonts/fonts.conf: the
 * package's own OFL / GPL-with-font-exception files plus the system DejaVu, and nothing else. Call it before the
 * first render: fontconfig reads FONTCONFIG_FILE once, when the first text is laid out. Training, evaluation sets and
 * tests therefore render the same glyphs on any machine, without installing font packages.
 */
export function useBundledFonts(): void {
  process.env.FONTCONFIG_FILE = fileURLToPath(new URL('../fonts/fonts.conf', import.meta.url));
}
