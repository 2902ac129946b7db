import { API, API_BASE, roleName, type ProfileBody, type RoleName, type User } from '@logoschool/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { imageType, type FileStore } from '../../files/files.ts';
import { isUpload } from '../../files/multipart.ts';
import { AppError } from '../../errors/app-error.ts';
import { assignments, users, workspaces, type UserRow } from '../../db/schema/index.ts';

/** Role ids as stored → role names, skipping ids that are no longer roles. */
export function roleNames(ids: readonly number[]): RoleName[] {
  return ids.map(roleName).filter((name): name is RoleName => name !== undefined);
}

/** The user as the API shows it, with every project and the roles held there (spec §3). */
export async function toUserView(db: Tx, row: UserRow): Promise<User> {
  const rows = await db
    .select({
      workspaceId: workspaces.id,
      workspaceTitle: workspaces.title,
      description: workspaces.description,
      env_id: workspaces.envId,
      roles: assignments.roles,
      isActive: assignments.isActive,
      assignmentArchived: assignments.archived,
      workspaceArchived: workspaces.archived,
    })
    .from(assignments)
    .innerJoin(workspaces, eq(workspaces.id, assignments.workspaceId))
    .where(eq(assignments.userId, row.id))
    .orderBy(asc(workspaces.title), asc(workspaces.id));
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    micro_mail: row.microMail,
    phone: row.phone,
    avatar: row.avatar,
    is_new_version: row.isNewVersion,
    is_active: row.isActive,
    is_root: row.isRoot,
    env_id: row.envId,
    additional_info: row.additionalInfo,
    assignments: rows.map((a) => ({
      workspaceId: a.workspaceId,
      workspaceTitle: a.workspaceTitle,
      description: a.description,
      env_id: a.env_id,
      roles: roleNames(a.roles),
      isActive: a.isActive,
      // An archived project archives every assignment in it (spec §4).
      archived: a.assignmentArchived || a.workspaceArchived,
    })),
  };
}

/** The folder of avatar images in the file store. */
export const AVATARS = 'avatars';

const avatarUrl = (name: string) => `${API_BASE}${API.avatars}/${name}`;
const avatarName = (url: string | null) => url?.split('/').pop() ?? '';

/**
 * Changes the user's own profile (spec §7 POST /users/profile). A new avatar must be an image
 * (recognised by its bytes); the old avatar file is removed once the new one is saved.
 */
export async function updateProfile(
  db: Db,
  files: FileStore,
  userId: number,
  body: ProfileBody,
): Promise<User> {
  const [current] = await db.select().from(users).where(eq(users.id, userId));
  if (!current) throw new AppError('not_found');
  const changes: Partial<typeof users.$inferInsert> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.micro_mail !== undefined) changes.microMail = body.micro_mail;
  if (body.phone !== undefined) changes.phone = body.phone;
  if (body.is_new_version !== undefined) changes.isNewVersion = body.is_new_version;
  if (body.additional_info !== undefined) changes.additionalInfo = body.additional_info;

  let saved: string | null = null;
  if (body.file !== undefined) {
    if (!isUpload(body.file)) throw new AppError('unsupported_media_type', { type: 'text' });
    const image = await imageType(body.file.content);
    if (!image) throw new AppError('unsupported_media_type', { type: body.file.filename || '?' });
    saved = await files.save(AVATARS, body.file.content, image.ext);
    changes.avatar = avatarUrl(saved);
  } else if (body.remove_avatar) {
    changes.avatar = null;
  }

  let row: UserRow | undefined;
  try {
    [row] = await db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
  } catch (error) {
    if (saved) await files.remove(AVATARS, saved);
    throw error;
  }
  if (!row) throw new AppError('not_found');
  if (changes.avatar !== undefined && current.avatar && current.avatar !== changes.avatar) {
    await files.remove(AVATARS, avatarName(current.avatar));
  }
  return toUserView(db, row);
}
