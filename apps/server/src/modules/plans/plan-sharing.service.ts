/**
 * The plan for the parents (issue 14 item 6, spec §2 /view-protocol-plan, §7 /send-plan,
 * /show-plan): a teacher's plan gets a public link (the public-link kit, decision 029) that shows
 * the parents only the texts meant for them, in the student's language; sending the plan mails
 * that link.
 */
import {
  PARENT_PLAN_PAGE,
  firstNameOf,
  publicLinkUrl,
  isLanguage,
  type ParentPlan,
  type SentPlan,
  type TemplateContent,
  type sendPlanInput,
} from '@logoschool/contract';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../access/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { clients, lessons, protocols, users, workspaces, type ProtocolRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { invalidLink, issueLink, liveTokenOf, openLink } from '../public-links/index.ts';
import { planMail } from './plan-sharing.mail.ts';
import { assertFilled, contentOf, ownPlan, planLinks, sharingState } from './plan-link.ts';

/** What the sharing services need besides their input. */
export interface SharingContext {
  db: Db;
  mailer: Mailer;
  /** The web app's address, for the link. */
  baseUrl: string;
}

/**
 * `POST /send-plan`: mails the plan's link to the parent (the address given, else the student's
 * parent e-mail: 422 when neither), in the student's lesson language, making the link first when
 * the plan has none. Refused for a plan not filled (409). The mail leaves after the transaction
 * commits (a slow SMTP server must not hold the database); `sent_at` records a mail that left or
 * went to the outbox, unless the link was withdrawn or replaced meanwhile. A mail that failed
 * records nothing and says so: the link still works, to pass on by hand.
 */
export async function sendPlan(
  ctx: SharingContext,
  caller: Actor,
  input: z.output<typeof sendPlanInput>,
): Promise<SentPlan> {
  const prepared = await ctx.db.transaction(async (tx) => {
    const { plan, client } = await ownPlan(tx, caller, input.protocol_id, true);
    await assertFilled(tx, plan);
    const email = input.email || client.parentEmail;
    if (!email) {
      throw new AppError(
        'validation_failed',
        {},
        { email: [fieldMessage(caller.lang, 'parentEmailMissing')] },
      );
    }
    const { content } = await contentOf(tx, plan);
    const { token } = await issueLink(tx, caller, planLinks, plan.id);
    return { plan, client, content, email, token };
  });
  const { plan, client, content, email, token } = prepared;
  const link = publicLinkUrl(ctx.baseUrl, PARENT_PLAN_PAGE, token);
  const lang = isLanguage(client.language) ? client.language : 'uk';
  const mail = planMail(lang, {
    teacher: caller.name,
    child: firstNameOf(client.childName),
    template: content.title,
    deadline: plan.deadline,
    lessons: plan.lessons,
    link,
  });
  const outcome = await ctx.mailer.sendMail({ to: email, ...mail, secrets: [token] });
  const sentAt = await ctx.db.transaction(async (tx) => {
    // Unless the link was withdrawn or replaced meanwhile (the plan's row orders the two).
    const { plan: row } = await ownPlan(tx, caller, plan.id, true);
    if (outcome.delivery === 'failed' || (await liveTokenOf(tx, planLinks, plan.id)) !== token) {
      return row.sentAt;
    }
    const [sent] = await tx
      .update(protocols)
      .set({ sentAt: new Date() })
      .where(eq(protocols.id, plan.id))
      .returning({ sentAt: protocols.sentAt });
    return sent?.sentAt ?? row.sentAt;
  });
  return {
    ...(await sharingState(ctx.db, ctx.baseUrl, plan.id, sentAt, email)),
    mail_delivery: outcome.delivery,
  };
}

/** The parents' blocks: each block's target, its parent text, and the picked folder's parent text. */
function parentBlocks(content: TemplateContent, picked: Map<string, number | null>): ParentPlan['blocks'] {
  return content.blocks.map((block) => {
    const folderId = picked.get(block.key) ?? null;
    const folder = block.folders.find((offered) => offered.category_id === folderId);
    return {
      target: block.target,
      description: block.description_parents,
      at_home: folder ? folder.description_parents : null,
    };
  });
}

/**
 * `GET /show-plan/:token` (public): the plan for the parents, in the student's language, with only
 * the parents' texts (the contract's `parentPlanSchema`). An unknown or withdrawn token is the
 * page's own 404 ("not valid or withdrawn", spec §8).
 */
export async function showPlan(db: Db, token: string): Promise<ParentPlan> {
  const { subjectId } = await openLink(db, planLinks, token);
  const [found] = await db
    .select({ plan: protocols, client: clients })
    .from(protocols)
    .innerJoin(clients, eq(clients.id, protocols.clientId))
    .where(eq(protocols.id, subjectId));
  if (!found) throw invalidLink();
  const { plan, client } = found;
  const { template_title, blocks } = await parentPlanContent(db, plan);
  const [people] = await db
    .select({ therapist: users.name, school: workspaces.title })
    .from(users)
    .innerJoin(workspaces, eq(workspaces.id, plan.workspaceId))
    .where(eq(users.id, plan.teacherId));
  const schedule = await db
    .select({
      number: lessons.number,
      startsAt: lessons.startsAt,
      durationMinutes: lessons.durationMinutes,
      finishedAt: lessons.finishedAt,
    })
    .from(lessons)
    .where(eq(lessons.protocolId, plan.id))
    .orderBy(asc(lessons.number));
  return {
    language: isLanguage(client.language) ? client.language : 'uk',
    child_name: firstNameOf(client.childName),
    template_title,
    deadline: plan.deadline,
    therapist_name: people?.therapist ?? '',
    school_name: people?.school ?? '',
    lessons: plan.lessons,
    schedule: schedule.map((lesson) => ({
      number: lesson.number,
      starts_at: lesson.startsAt?.toISOString() ?? null,
      duration_minutes: lesson.durationMinutes,
      held: lesson.finishedAt !== null,
    })),
    blocks,
  };
}

/**
 * A plan's title and blocks as the parents read them (only the parents' texts): the parents' plan
 * page and the family's dashboard show the same words.
 */
export async function parentPlanContent(
  db: Db | Tx,
  plan: ProtocolRow,
): Promise<Pick<ParentPlan, 'template_title' | 'blocks'>> {
  const { content, picked } = await contentOf(db, plan);
  return { template_title: content.title, blocks: parentBlocks(content, picked) };
}
