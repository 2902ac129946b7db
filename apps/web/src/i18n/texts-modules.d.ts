/** The core sections of one language (vite plugin `texts-plugin.ts`). */
declare module 'virtual:core-texts/*' {
  const texts: Record<string, unknown>;
  export default texts;
}

/** One language's whole texts: the shared sections and every area's (vite plugin `texts-plugin.ts`). */
declare module 'virtual:texts/*' {
  const texts: Record<string, unknown>;
  export default texts;
}

/** One part of one language, `virtual:text-part/<language>/<shared|area>` (vite plugin `texts-plugin.ts`). */
declare module 'virtual:text-part/*' {
  const texts: Record<string, unknown>;
  export default texts;
}

/** The loaders of every language's parts: language → part (`shared` or an area) → its chunk. */
declare module 'virtual:text-parts' {
  const loaders: Record<string, Record<string, () => Promise<{ default: Record<string, unknown> }>>>;
  export default loaders;
}
