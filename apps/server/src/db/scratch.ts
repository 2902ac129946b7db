import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  name: string;
  /** Its connection string. */
  url: string;
  /** Drops it, closing whatever connections are still open to it. */
  drop(): Promise<void>;
}

/** Runs one statement on the server of `adminUrl` over a connection of its own. */
export async function runAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** `url` with another database name (the host, port and a socket's `?host=` stay). */
export function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/**
 * A new database `<prefix>_<random>` on the PostgreSQL server of `adminUrl` (the tests', the API
 * bench's): empty, or a copy of `template` (`CREATE DATABASE … TEMPLATE`, a file copy: a migrated
 * database in tens of milliseconds).
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
  options: { template?: string } = {},
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const template = options.template ? ` template ${pg.escapeIdentifier(options.template)}` : '';
  await runAdmin(adminUrl, `create database ${name}${template}`);
  return {
    name,
    url: withDatabase(adminUrl, name),
    drop: () => runAdmin(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
