import { and, eq, inArray, sql } from 'drizzle-orm';
import { detectFileType } from '../files/file-type.ts';
import type { FileStore } from '../files/files.ts';
import { ASSET_FILES } from '../modules/assets/index.ts';
import type { Tx } from './client.ts';
import { DEMO_ASSETS, DEMO_THEMES } from './demo-assets.ts';
import { assetFiles, assets, themeAssets, themes, themeShares } from './schema/index.ts';

/**
 * Adds the demo assets missing from the library (by type and name), each with its file, and
 * answers every demo asset's id by name. A file is written before its row: should the seeding
 * transaction fail, a stray file may stay behind, never a row without its file.
 */
export async function seedAssetLibrary(tx: Tx, files: FileStore): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const demo of DEMO_ASSETS) {
    const [existing] = await tx
      .select({ id: assets.id })
      .from(assets)
      .where(and(eq(assets.type, demo.type), eq(assets.name, demo.name)));
    if (existing) {
      ids.set(demo.name, existing.id);
      continue;
    }
    const content = demo.content();
    const type = await detectFileType(content);
    if (!type) throw new Error(`demo asset ${demo.name} is no known file type`);
    const storedName = await files.save(ASSET_FILES, content, type.ext);
    const [row] = await tx
      .insert(assets)
      .values({ type: demo.type, name: demo.name })
      .returning({ id: assets.id });
    if (!row) throw new Error('insert returned no row');
    await tx.insert(assetFiles).values({
      assetId: row.id,
      kind: type.kind,
      storedName,
      mime: type.mime,
      size: content.length,
      originalName: demo.filename,
    });
    ids.set(demo.name, row.id);
  }
  return ids;
}

/**
 * Adds the Demo school's themes that are missing (by name, ignoring case), with their assets and
 * shares. Themes already there are left as the school made them.
 */
export async function seedThemes(
  tx: Tx,
  school: { demoId: number; secondId: number | undefined },
  assetIds: ReadonlyMap<string, number>,
): Promise<void> {
  const present = await tx
    .select({ name: sql<string>`lower(${themes.name})` })
    .from(themes)
    .where(
      and(
        eq(themes.workspaceId, school.demoId),
        inArray(
          sql`lower(${themes.name})`,
          DEMO_THEMES.map((theme) => theme.name.toLowerCase()),
        ),
      ),
    );
  const have = new Set(present.map((row) => row.name));
  for (const demo of DEMO_THEMES.filter((theme) => !have.has(theme.name.toLowerCase()))) {
    const [row] = await tx
      .insert(themes)
      .values({
        workspaceId: school.demoId,
        name: demo.name,
        forBoy: demo.genders.includes('boy'),
        forGirl: demo.genders.includes('girl'),
        ageFrom: demo.ageFrom,
        ageTo: demo.ageTo,
        type: demo.type,
        ready: demo.ready,
      })
      .returning({ id: themes.id });
    if (!row) throw new Error('insert returned no row');
    const attached = demo.assets.flatMap((name) => {
      const assetId = assetIds.get(name);
      return assetId === undefined ? [] : [{ themeId: row.id, assetId }];
    });
    if (attached.length > 0) await tx.insert(themeAssets).values(attached);
    if (demo.shared && school.secondId !== undefined) {
      await tx.insert(themeShares).values({ themeId: row.id, workspaceId: school.secondId });
    }
  }
}
