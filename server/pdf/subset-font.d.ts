declare module 'subset-font' {
  interface SubsetOptions {
    targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2';
    preserveNameIds?: number[];
    noLayoutClosure?: boolean;
  }
  /** Cuts a font down to the glyphs of `text` with HarfBuzz's hb-subset (WebAssembly). */
  export default function subsetFont(font: Uint8Array, text: string, options?: SubsetOptions): Promise<Buffer>;
}
