import {
  EXERCISE_STATUS,
  autoModerationOutcome,
  checkExercise,
  readAutoModerationSettings,
  transitionRefusal,
  type AutoModerationProblem,
  type AutoModerationSettings,
  type AutoModerationSettingsInput,
  type ExerciseFacts,
  type Language,
} from '@logoschool/contract';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  autoModerationSettings,
  exerciseFiles,
  exerciseStatusHistory,
  exerciseTags,
  exercises,
  users,
  type ExerciseRow,
} from '../../db/schema/index.ts';
import { text } from '../../i18n/index.ts';
import { writeAudit } from '../audit/index.ts';

/** The slides' texts are kept in one column, separated by a form feed (decision 005). */
const SLIDE_SEPARATOR = '\f';

/** A project's settings with who changed them last; the defaults while it has none. */
export async function getAutoModeration(db: Tx, workspaceId: number): Promise<AutoModerationSettings> {
  const [row] = await db
    .select({ stored: autoModerationSettings, userName: users.name })
    .from(autoModerationSettings)
    .leftJoin(users, eq(users.id, autoModerationSettings.updatedBy))
    .where(eq(autoModerationSettings.workspaceId, workspaceId));
  const settings = readAutoModerationSettings(row?.stored.settings);
  return {
    ...settings,
    updated_by:
      row?.stored.updatedBy === null || row?.stored.updatedBy === undefined
        ? null
        : { id: row.stored.updatedBy, name: row.userName ?? '' },
    updated_at: row ? row.stored.updatedAt.toISOString() : null,
  };
}

/**
 * `PUT /exercises/auto-moderation`: replaces the project's settings, and writes the change (the
 * settings before and after) to the audit log in the same transaction: these rules accept and
 * decline exercises without a person, so who changed them must be known.
 */
export async function saveAutoModeration(
  db: Db,
  actor: { workspaceId: number; userId: number; ip: string | null },
  input: AutoModerationSettingsInput,
): Promise<AutoModerationSettings> {
  const { workspaceId, userId } = actor;
  await db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ settings: autoModerationSettings.settings })
      .from(autoModerationSettings)
      .where(eq(autoModerationSettings.workspaceId, workspaceId))
      .for('update');
    await tx
      .insert(autoModerationSettings)
      .values({ workspaceId, settings: input, updatedBy: userId })
      .onConflictDoUpdate({
        target: autoModerationSettings.workspaceId,
        set: { settings: input, updatedBy: userId, updatedAt: sql`now()` },
      });
    await writeAudit(tx, {
      action: 'exercises.auto_moderation',
      actorId: userId,
      workspaceId,
      details: { before: readAutoModerationSettings(previous?.settings), after: input },
      ip: actor.ip,
    });
  });
  return getAutoModeration(db, workspaceId);
}

/**
 * Titles compared as the `unique_title` rule compares them: lower case, letters and digits only, so
 * that "Sound R" and "sound-r!" (which the unique index lets both exist) count as one.
 */
const titleKey = (title: SQL | string) => sql`regexp_replace(lower(${title}), '[^[:alnum:]]+', '', 'g')`;

/** What the rules look at, read from the exercise inside the submitting transaction. */
async function factsOf(tx: Tx, row: ExerciseRow): Promise<ExerciseFacts> {
  const [deck] = await tx
    .select({ id: exerciseFiles.id })
    .from(exerciseFiles)
    .where(and(eq(exerciseFiles.exerciseId, row.id), eq(exerciseFiles.kind, 'presentation')));
  const [tagged] = await tx
    .select({ count: count() })
    .from(exerciseTags)
    .where(eq(exerciseTags.exerciseId, row.id));
  const [sameTitle] = await tx
    .select({ id: exercises.id })
    .from(exercises)
    .where(
      and(
        eq(exercises.workspaceId, row.workspaceId),
        sql`${exercises.id} <> ${row.id}`,
        sql`${titleKey(sql`${exercises.title}`)} = ${titleKey(row.title)}`,
      ),
    )
    .limit(1);
  return {
    has_deck: deck !== undefined,
    slide_count: row.slideCount,
    slide_texts: row.slideText === null ? [] : row.slideText.split(SLIDE_SEPARATOR),
    title_taken: sameTitle !== undefined,
    category_id: row.categoryId,
    tag_count: tagged?.count ?? 0,
    instruction: row.instruction,
    description: row.description,
  };
}

/** The reasons of a decline as one comment, in the submitter's language. */
export function reasonsComment(problems: readonly AutoModerationProblem[], lang: Language): string {
  const lines = problems.map(
    (problem) =>
      `– ${text(lang, `autoModeration.rules.${problem.rule}`, {
        fields: (problem.fields ?? [])
          .map((field) => text(lang, `autoModeration.fields.${field}`))
          .join(', '),
        slides: (problem.slides ?? []).join(', '),
      })}`,
  );
  return [text(lang, 'autoModeration.declined'), ...lines].join('\n');
}

/**
 * Runs auto-moderation on an exercise just submitted (now in `moderation`), in the submitting
 * transaction: with the project's mode on, any problem declines it with the reasons as its comment,
 * none accepts it when the settings say so. The change goes through the status machine as a
 * moderator's would and is kept in the history as `automatic`, with no user.
 */
export async function autoModerate(tx: Tx, row: ExerciseRow, lang: Language): Promise<void> {
  const [stored] = await tx
    .select({ settings: autoModerationSettings.settings })
    .from(autoModerationSettings)
    .where(eq(autoModerationSettings.workspaceId, row.workspaceId));
  const settings = readAutoModerationSettings(stored?.settings);
  if (!settings.enabled) return;
  const problems = checkExercise(await factsOf(tx, row), settings.rules);
  const outcome = autoModerationOutcome(settings, problems);
  if (outcome === 'moderation') {
    // No change of status, but a trace that the rules ran and passed: the history row stays in
    // `moderation` (the stats count only rows that change the status).
    await tx.insert(exerciseStatusHistory).values({
      workspaceId: row.workspaceId,
      exerciseId: row.id,
      fromStatus: EXERCISE_STATUS.moderation,
      toStatus: EXERCISE_STATUS.moderation,
      userId: null,
      comment: text(lang, 'autoModeration.passed'),
      automatic: true,
    });
    return;
  }
  if (transitionRefusal('moderation', outcome, ['moderator']) !== null) {
    throw new Error(`auto-moderation cannot move an exercise to ${outcome}`);
  }
  const comment = outcome === 'declined' ? reasonsComment(problems, lang) : '';
  await tx
    .update(exercises)
    .set({
      statusId: EXERCISE_STATUS[outcome],
      ...(comment !== '' ? { comment } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(exercises.id, row.id));
  await tx.insert(exerciseStatusHistory).values({
    workspaceId: row.workspaceId,
    exerciseId: row.id,
    fromStatus: EXERCISE_STATUS.moderation,
    toStatus: EXERCISE_STATUS[outcome],
    userId: null,
    comment,
    automatic: true,
  });
}
