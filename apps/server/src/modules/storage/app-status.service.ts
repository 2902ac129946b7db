/**
 * What a page outside sign-in says around its content (issue 33 item 5): the version served, and
 * maintenance in the environment of the project its public link belongs to.
 */
import { maintenanceOf, type AppStatus, type StorageKey } from '@logoschool/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { workspaces } from '../../db/schema/index.ts';
import { projectOfToken } from '../public-links/index.ts';
import { readRecord } from './storage.service.ts';

/** The environment's settings, where root turns maintenance on. */
const SETTINGS_KEY: StorageKey = 'app_settings';

/** The environment of the project a public link's token belongs to; null when it opens nothing. */
async function environmentOfLink(db: Db, token: string): Promise<number | null> {
  const workspaceId = await projectOfToken(db, token);
  if (workspaceId === null) return null;
  const [workspace] = await db
    .select({ envId: workspaces.envId })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return workspace?.envId ?? null;
}

/**
 * `GET /app-status?link=`: the version served, and maintenance (root's message with it) in the
 * environment of the link's project. A link that opens nothing, or none, names no environment:
 * no maintenance is said, and the answer is the same as for a live link without maintenance.
 */
export async function appStatus(db: Db, version: string, link: string | undefined): Promise<AppStatus> {
  const envId = link ? await environmentOfLink(db, link) : null;
  if (envId === null) return { version, maintenance: null };
  const settings = await readRecord(db, { key: SETTINGS_KEY, envId, userId: 0 });
  return { version, maintenance: maintenanceOf(settings) };
}
