/**
 * The parents' dashboard (issue 29 item 1): the family's public read under its link, and the
 * teacher's mail that sends that link. What the page shows is read from the areas that own it —
 * the plan's parents' texts from plans, the progress from the marks from lessons, the time zone
 * from booking, the diagnoses' own links from the public-link kit — and answered through the
 * contract's `parentDashboardSchema`, nothing teacher-only.
 */
import {
  CLIENT_SESSION_PAGE,
  DASHBOARD_LESSONS_HELD,
  DASHBOARD_NEXT_LESSONS,
  PARENT_DASHBOARD_PAGE,
  PARENT_DIAGNOSIS_PAGE,
  PARENT_PROGRESS_PAGE,
  atLessonTime,
  firstNameOf,
  isLanguage,
  publicLinkUrl,
  trendOf,
  type DashboardDiagnosis,
  type DashboardHeld,
  type DashboardLesson,
  type Language,
  type ParentDashboard,
  type SchoolContacts,
  type SentFamilyLink,
  type sendFamilyLinkInput,
  type schoolContactsInput,
} from '@logoschool/contract';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../access/actor.ts';
import type { ChatConfig } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  diagnoses,
  diagnosticCardVersions,
  lessons,
  protocols,
  users,
  workspaces,
  type ClientRow,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { familyTimeZone } from '../booking/index.ts';
import { diagnosisLinks } from '../diagnostics/index.ts';
import { lessonLinks, progressOf } from '../lessons/index.ts';
import { parentPlanContent } from '../plans/index.ts';
import { issueLink, liveTokenOf } from '../public-links/index.ts';
import { familyDashboards, schoolContacts } from './dashboard.schema.ts';
import { familyLinks, familySharingState, openFamily, ownStudent } from './family-link.ts';
import { familyMail } from './dashboard.mail.ts';

const languageOf = (client: ClientRow): Language => (isLanguage(client.language) ? client.language : 'uk');

// ---- The teacher's side ----

/** What the sending needs besides its input. */
export interface FamilyContext {
  db: Db;
  mailer: Mailer;
  /** The web app's address, for the link. */
  baseUrl: string;
}

/**
 * `POST /clients/:clientId/link/send`: mails the dashboard's link to the parent (the address given,
 * else the student's parent e-mail: 422 when neither), in the child's lesson language, issuing the
 * link in the sending's transaction when there is none. The mail leaves after that transaction (a
 * slow SMTP server must not hold the database); the sending is recorded unless the mail failed or
 * the link was withdrawn or replaced meanwhile, as the plan's sending does.
 */
export async function sendFamilyLink(
  ctx: FamilyContext,
  caller: Actor,
  clientId: number,
  input: z.output<typeof sendFamilyLinkInput>,
): Promise<SentFamilyLink> {
  const prepared = await ctx.db.transaction(async (tx) => {
    const client = await ownStudent(tx, caller.workspaceId, caller.userId, clientId, true);
    const email = input.email || client.parentEmail;
    if (!email) {
      throw new AppError(
        'validation_failed',
        {},
        { email: [fieldMessage(caller.lang, 'parentEmailMissing')] },
      );
    }
    const { token } = await issueLink(tx, caller, familyLinks, client.id);
    const [school] = await tx
      .select({ title: workspaces.title })
      .from(workspaces)
      .where(eq(workspaces.id, caller.workspaceId));
    return { client, email, token, school: school?.title ?? '' };
  });
  const { client, email, token, school } = prepared;
  const mail = familyMail(languageOf(client), {
    teacher: caller.name,
    child: firstNameOf(client.childName),
    school,
    link: publicLinkUrl(ctx.baseUrl, PARENT_DASHBOARD_PAGE, token),
  });
  const outcome = await ctx.mailer.sendMail({ to: email, ...mail, secrets: [token] });
  return ctx.db.transaction(async (tx) => {
    // The student's row orders this against a withdrawal or a new link meanwhile.
    const row = await ownStudent(tx, caller.workspaceId, caller.userId, clientId, true);
    if (outcome.delivery !== 'failed' && (await liveTokenOf(tx, familyLinks, clientId)) === token) {
      const sent = { sentAt: new Date(), sentTo: email };
      await tx
        .insert(familyDashboards)
        .values({ clientId, workspaceId: caller.workspaceId, ...sent })
        .onConflictDoUpdate({ target: familyDashboards.clientId, set: sent });
    }
    return { ...(await familySharingState(tx, ctx.baseUrl, row)), mail_delivery: outcome.delivery };
  });
}

// ---- The school's contacts ----

/** The project's contacts ('' for each not given). */
export async function readSchoolContacts(db: Db | Tx, workspaceId: number): Promise<SchoolContacts> {
  const [row] = await db.select().from(schoolContacts).where(eq(schoolContacts.workspaceId, workspaceId));
  return { email: row?.email ?? '', phone: row?.phone ?? '' };
}

/** Keeps the project's contacts (made or replaced). */
export async function saveSchoolContacts(
  db: Db,
  workspaceId: number,
  input: z.output<typeof schoolContactsInput>,
): Promise<SchoolContacts> {
  const values = { email: input.email, phone: input.phone };
  await db
    .insert(schoolContacts)
    .values({ workspaceId, ...values })
    .onConflictDoUpdate({ target: schoolContacts.workspaceId, set: { ...values, updatedAt: new Date() } });
  return readSchoolContacts(db, workspaceId);
}

// ---- The family's public read ----

/** The next lessons of the child's plans, the soonest first, with the child's screen at lesson time. */
async function nextLessons(db: Db, planIds: number[], now: Date): Promise<DashboardLesson[]> {
  if (planIds.length === 0) return [];
  const rows = await db
    .select()
    .from(lessons)
    .where(
      and(
        inArray(lessons.protocolId, planIds),
        isNull(lessons.finishedAt),
        isNotNull(lessons.startsAt),
        // Not over yet: a running lesson still shows (with its button).
        gt(sql`${lessons.startsAt} + make_interval(mins => ${lessons.durationMinutes}::int)`, now),
      ),
    )
    .orderBy(asc(lessons.startsAt), asc(lessons.id))
    .limit(DASHBOARD_NEXT_LESSONS);
  // One after another: the answer may be read inside a transaction, on one connection.
  const next: DashboardLesson[] = [];
  for (const lesson of rows) {
    const startsAt = lesson.startsAt as Date;
    const open =
      lesson.sessionEndedAt === null && atLessonTime(startsAt, lesson.durationMinutes, now)
        ? await liveTokenOf(db, lessonLinks, lesson.id)
        : null;
    next.push({
      starts_at: startsAt.toISOString(),
      duration_minutes: lesson.durationMinutes,
      child_screen: open ? `${CLIENT_SESSION_PAGE}/${open}` : null,
    });
  }
  return next;
}

/** The last lessons held, in date order, each with its tries and how many were said right. */
async function lessonsHeld(db: Db, client: ClientRow, planIds: number[]): Promise<DashboardHeld[]> {
  if (planIds.length === 0) return [];
  const held = await db
    .select({ id: lessons.id, finishedAt: lessons.finishedAt })
    .from(lessons)
    .where(and(inArray(lessons.protocolId, planIds), isNotNull(lessons.finishedAt)))
    .orderBy(desc(lessons.finishedAt), desc(lessons.id))
    .limit(DASHBOARD_LESSONS_HELD);
  const progress = await progressOf(db, { workspaceId: client.workspaceId, clientId: client.id });
  const tally = new Map<number, { tries: number; said_right: number }>();
  for (const point of progress.targets.flatMap((target) => target.points)) {
    const one = tally.get(point.lesson_id) ?? { tries: 0, said_right: 0 };
    one.tries += point.total;
    one.said_right += point.correct;
    tally.set(point.lesson_id, one);
  }
  return held.reverse().map((lesson) => ({
    date: (lesson.finishedAt as Date).toISOString(),
    ...(tally.get(lesson.id) ?? { tries: 0, said_right: 0 }),
  }));
}

/** The child's diagnoses sent to the parents whose link is live, the newest first. */
async function sentDiagnoses(db: Db, client: ClientRow): Promise<DashboardDiagnosis[]> {
  const rows = await db
    .select({
      id: diagnoses.id,
      diagnosedOn: diagnoses.diagnosedOn,
      content: diagnosticCardVersions.content,
    })
    .from(diagnoses)
    .innerJoin(
      diagnosticCardVersions,
      and(
        eq(diagnosticCardVersions.cardId, diagnoses.cardId),
        eq(diagnosticCardVersions.version, diagnoses.cardVersion),
      ),
    )
    .where(
      and(
        eq(diagnoses.workspaceId, client.workspaceId),
        eq(diagnoses.clientId, client.id),
        isNotNull(diagnoses.completedAt),
        isNotNull(diagnoses.sentAt),
      ),
    )
    .orderBy(desc(diagnoses.diagnosedOn), desc(diagnoses.id));
  const sent: DashboardDiagnosis[] = [];
  for (const row of rows) {
    const token = await liveTokenOf(db, diagnosisLinks, row.id);
    if (!token) continue;
    sent.push({
      card_title: row.content.title,
      diagnosed_on: row.diagnosedOn,
      page: `${PARENT_DIAGNOSIS_PAGE}/${token}`,
      progress_page: `${PARENT_PROGRESS_PAGE}/${token}`,
    });
  }
  return sent;
}

/**
 * `GET /parent-dashboard/:token` (public): the child's dashboard in the child's lesson language.
 * A token that opens nothing (made up, withdrawn, replaced, another kind's, a student gone) is the
 * kit's one 404.
 */
export async function showDashboard(
  db: Db,
  chat: ChatConfig | null,
  token: string,
  now = new Date(),
): Promise<ParentDashboard> {
  const { client, workspaceId } = await openFamily(db, token);
  const [people] = await db
    .select({ therapist: users.name, school: workspaces.title })
    .from(users)
    .innerJoin(workspaces, eq(workspaces.id, workspaceId))
    .where(eq(users.id, client.teacherId));
  const plans = await db
    .select()
    .from(protocols)
    .where(and(eq(protocols.workspaceId, workspaceId), eq(protocols.clientId, client.id)))
    .orderBy(desc(protocols.createdAt), desc(protocols.id));
  const planIds = plans.map((plan) => plan.id);
  const current = plans[0];
  const contacts = await readSchoolContacts(db, workspaceId);
  const held = await lessonsHeld(db, client, planIds);
  return {
    language: languageOf(client),
    child_name: firstNameOf(client.childName),
    time_zone: await familyTimeZone(db, workspaceId, client.id),
    therapist_name: people?.therapist ?? '',
    school: { name: people?.school ?? '', ...contacts },
    chat: chat ? { script_url: chat.scriptUrl, host: chat.host, token: chat.token } : null,
    next_lessons: await nextLessons(db, planIds, now),
    plan: current
      ? {
          ...(await parentPlanContent(db, current)),
          deadline: current.deadline,
          lessons: current.lessons,
        }
      : null,
    lessons_held: held,
    trend: trendOf(held),
    diagnoses: await sentDiagnoses(db, client),
  };
}
