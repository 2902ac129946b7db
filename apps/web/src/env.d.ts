/** The version the app was built as (vite.config.ts). */
declare const __APP_VERSION__: string;
