import fs from 'node:fs';

/** The product version: the root package.json's, which a release bumps. */
export const APP_VERSION: string = (
  JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
