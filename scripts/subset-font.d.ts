/**
 * subset-font (harfbuzz's hb-subset in WebAssembly) ships no types; what scripts/subset-fonts.ts
 * and src/integrations/page-fonts.ts use. `keepAllGlyphs` takes no text: the whole font, converted.
 */
declare module 'subset-font' {
  export default function subsetFont(
    font: Uint8Array,
    text: string | null,
    options?: { targetFormat?: 'woff2' | 'woff' | 'sfnt' | 'truetype'; keepAllGlyphs?: boolean },
  ): Promise<Buffer>;
}
