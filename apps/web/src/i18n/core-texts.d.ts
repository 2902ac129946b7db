/** The core sections of one language (vite plugin `core-texts.ts`). */
declare module 'virtual:core-texts/*' {
  const texts: Record<string, unknown>;
  export default texts;
}
