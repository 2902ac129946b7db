import fs from 'node:fs';
import path from 'node:path';
import { EXERCISE_STATUS } from '@logoschool/contract';
import type { App } from '../app.ts';
import type { Db } from '../db/client.ts';
import { sineTone } from '../db/demo/encode.ts';
import type { exercises, WorkspaceRow } from '../db/schema/index.ts';
import { EXERCISE_FILES } from '../modules/exercises/index.ts';
import { apiAs, type Acting } from './api.ts';
import {
  buildCategory,
  buildExercise,
  buildSignedInMember,
  buildTag,
  buildWorkspace,
  type Member,
} from './factories.ts';
import { solidPng } from './media.ts';
import { filePart } from './multipart.ts';
import { TINY_JPEG, type DeckMedia } from './pptx.ts';

/** The type a browser sends a .pptx file with. */
export const PPTX_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** Three slides of one word each. */
export const SLIDES = [['One'], ['Two'], ['Three']];

export const SKY = solidPng(80, 160, 255);
export const CAT = solidPng(250, 120, 0);
export const BELL = sineTone(880, 0.2);

/** Two pictures (slides 1 and 3, the second a JPEG) and a sound on slide 2, its icon the first picture. */
export const DECK_MEDIA: DeckMedia[] = [
  { name: 'image1.png', content: SKY, slides: [1] },
  { name: 'image2.jpeg', content: TINY_JPEG, slides: [3], frame: { x: 0, y: 0, cx: 914400, cy: 914400 } },
  { name: 'media1.wav', content: BELL, slides: [2], poster: 'image1.png' },
];

/** A project with a signed-in member of each role that works with exercises, a category tree and tags. */
export interface School {
  workspace: WorkspaceRow;
  moderator: Member;
  author: Member;
  otherAuthor: Member;
  teacher: Member;
  manager: Member;
  /** A category exercises go in (`[R]`), and the folder above it (`Sounds`). */
  leaf: number;
  folder: number;
  /** The project's tags `rhymes` and `Articulation`. */
  rhymes: number;
  articulation: number;
}

/** A new project set up as `School` says, its members named so that answers can be told. */
export async function buildSchool(db: Db): Promise<School> {
  const workspace = await buildWorkspace(db);
  const member = (role: Parameters<typeof buildSignedInMember>[2], name: string) =>
    buildSignedInMember(db, workspace, role, { name });
  const moderator = await member('moderator', 'Oksana Moderator');
  const author = await member('author', 'Andrii Author');
  const otherAuthor = await member('author', 'Bohdan Author');
  const teacher = await member('teacher', 'Tetiana Teacher');
  const manager = await member('manager', 'Mariia Manager');
  const folder = await buildCategory(db, workspace.id, { name: 'Sounds', isFolder: true });
  const leaf = await buildCategory(db, workspace.id, { name: '[R]', parentId: folder.id });
  const rhymes = await buildTag(db, workspace.id, { name: 'rhymes' });
  const articulation = await buildTag(db, workspace.id, { name: 'Articulation' });
  return {
    workspace,
    moderator,
    author,
    otherAuthor,
    teacher,
    manager,
    leaf: leaf.id,
    folder: folder.id,
    rhymes: rhymes.id,
    articulation: articulation.id,
  };
}

/** A draft of the member's, written straight to the table. */
export const buildDraft = (db: Db, author: Member, values: Partial<typeof exercises.$inferInsert> = {}) =>
  buildExercise(db, author.workspace.id, author.user.id, { statusId: EXERCISE_STATUS.draft, ...values });

/**
 * `POST /api/exercises/:id/files`: a deck uploaded as the exercise's presentation by `who`, acting
 * as `options` say (by default as `who`).
 */
export function uploadDeck(
  app: App,
  who: Member | null,
  exerciseId: number,
  deck: Buffer,
  options: Acting & { filename?: string } = {},
) {
  const { filename = 'deck.pptx', ...acting } = options;
  return apiAs(app, who, acting).upload(`/api/exercises/${exerciseId}/files`, [
    filePart(deck, filename, PPTX_TYPE),
  ]);
}

/** The names of the exercises' files in the file store, sorted. */
export function storedExerciseFiles(app: App): string[] {
  const dir = path.join(app.config.dataDir, 'files', EXERCISE_FILES);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}
