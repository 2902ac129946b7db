import fs from 'node:fs';
import path from 'node:path';

/** The product version: the root package.json's, which a release bumps. */
export const APP_VERSION: string = (
  JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** The file a web build writes beside its index.html with its own version (apps/web/vite.config.ts). */
export const WEB_VERSION_FILE = 'version.json';

/**
 * The version of what this server serves: the web build's own (`<version>+<build>`, new with each
 * build, so that a deploy changes it even when the product's version stays), else the product's.
 * Pages opened before a deploy compare theirs with it to notice the update (issue 33 item 5).
 */
export function servedVersion(webDist: string): string {
  try {
    const { version } = JSON.parse(fs.readFileSync(path.join(webDist, WEB_VERSION_FILE), 'utf8')) as {
      version?: unknown;
    };
    return typeof version === 'string' && version.trim() ? version.trim() : APP_VERSION;
  } catch {
    // No build (the API alone, the web's development server): the product's version.
    return APP_VERSION;
  }
}
