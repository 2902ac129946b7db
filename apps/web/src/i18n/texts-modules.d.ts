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
