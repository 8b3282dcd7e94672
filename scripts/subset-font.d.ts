/** subset-font (harfbuzz's hb-subset in WebAssembly) ships no types; what scripts/subset-fonts.ts uses. */
declare module 'subset-font' {
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: { targetFormat?: 'woff2' | 'woff' | 'sfnt' | 'truetype' },
  ): Promise<Buffer>;
}
