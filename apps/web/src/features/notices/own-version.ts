/**
 * The version this page was built as (`<version>+<build>`, apps/web/vite.config.ts), which the
 * server's is compared with; null in the development server, whose code changes under it anyway
 * (and whose API may serve an older build's version).
 */
export const OWN_VERSION: string | null = import.meta.env.DEV ? null : __APP_VERSION__;
