/**
 * The API tests' database server, once per test run (vitest `globalSetup` of the `api` project):
 * TEST_DATABASE_URL's server when it is set, else an embedded PostgreSQL in a temporary directory,
 * throwaway (no fsync). The migrations run once, into a template database; each test file copies it
 * (`createTestDatabase`) and drops its copy.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded.ts';
import { createScratchDatabase } from '../db/scratch.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server the API test files make their databases on, and the migrated template they copy. */
    testDatabase: { adminUrl: string; template: string };
  }
}

export default async function setup(project: TestProject) {
  let dataDir: string | undefined;
  let embedded: EmbeddedPostgres | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logoschool-api-tests-'));
    embedded = await startEmbeddedPostgres({
      dataDir,
      database: 'postgres',
      durable: false,
      // Every worker's files, a pool of 10 each, and a second instance's pool where a test has one.
      maxConnections: 300,
    });
    adminUrl = embedded.adminUrl;
  }
  const stop = async () => {
    await embedded?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const template = await createScratchDatabase(adminUrl, 'logoschool_template');
    const database = await openDatabase({ url: template.url });
    try {
      await database.migrate();
    } finally {
      // A template takes no connections while it is copied.
      await database.close();
    }
    project.provide('testDatabase', { adminUrl, template: template.name });
    return async () => {
      try {
        await template.drop();
      } finally {
        await stop();
      }
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
