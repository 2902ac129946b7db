/**
 * The API bench's diagnostics (issue 16): a diagnostician assigned to thousands of students across
 * many teachers, each student with a few diagnoses, hundreds of published cards (copies of the
 * demo's card), and one student with a long history — many diagnoses, a run of them sent to the
 * parents on the demo card, the latest with a live link. Set-based SQL, so that tens of thousands
 * of rows take seconds.
 */
import { randomBytes } from 'node:crypto';
import { ROLE } from '@logoschool/contract';
import type { Db } from '@logoschool/server/src/db/client.ts';
import { clients, diagnoses, diagnosticCards, users } from '@logoschool/server/src/db/schema/index.ts';
import { and, asc, count, eq, isNotNull, like, sql } from 'drizzle-orm';

export interface DiagnosesScale {
  /** Teachers whose students the diagnostician is assigned to. */
  teachers: number;
  /** Students assigned to the diagnostician, spread evenly over the teachers. */
  students: number;
  /** Diagnoses of each student (the one with the history excepted). */
  each: number;
  /** Published cards added to the demo school (the moderator's list). */
  cards: number;
  /** Diagnoses of the student with the long history. */
  history: number;
  /** Of those, the ones sent to the parents on the demo card (the progress' points). */
  sent: number;
}

export interface SeededDiagnoses extends DiagnosesScale {
  /** The school's cards: the copies and the demo's. */
  schoolCards: number;
  /** All the bench's diagnoses. */
  diagnoses: number;
  /** The diagnostician (signs in with the demo password). */
  email: string;
  /** The student with the long history (sorts first by child name). */
  clientId: number;
  /** The live link of that student's latest diagnosis sent on the demo card. */
  token: string;
  seconds: number;
}

export const BENCH_DIAGNOSTICIAN = 'bench-diagnostician@bench.test';

/**
 * Adds to the demo school `teachers` teachers with `students` students between them, all assigned
 * to a new diagnostician; `cards` published copies of the demo card; `each` diagnoses per student
 * on the copies (every one but the newest sent), filled by the diagnostician with the answers of
 * the demo's sent diagnosis; and to the first student (by child name) `history` diagnoses instead,
 * `sent` of them completed and sent on the demo card a week apart, the latest with a live link.
 */
export async function seedBenchDiagnoses(db: Db, scale: DiagnosesScale): Promise<SeededDiagnoses> {
  const started = performance.now();
  const [card] = await db
    .select()
    .from(diagnosticCards)
    .where(eq(diagnosticCards.status, 'published'))
    .orderBy(asc(diagnosticCards.id));
  const [teacher] = await db.select().from(users).where(eq(users.email, 'teacher@demo.test'));
  if (!card || !teacher)
    throw new Error('the demo card or the demo teacher is missing (seed the demo first)');
  const [source] = await db
    .select({ answers: diagnoses.answers, blockMarks: diagnoses.blockMarks })
    .from(diagnoses)
    .where(
      and(eq(diagnoses.cardId, card.id), eq(diagnoses.status, 'sent'), isNotNull(diagnoses.completedAt)),
    );
  if (!source) throw new Error('the demo card has no sent diagnosis');
  const answers = JSON.stringify(source.answers);
  const marks = JSON.stringify(source.blockMarks);
  const token = randomBytes(32).toString('base64url');
  const { workspaceId } = card;
  const benchTeachers = `bench-dc-teacher-%@bench.test`;
  let clientId = 0;

  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (email, name, password_hash, env_id)
      select 'bench-dc-teacher-' || n || '@bench.test', 'Bench DC teacher ' || n, ${teacher.passwordHash}, 1
      from generate_series(1, ${scale.teachers}) n
      union all
      select ${BENCH_DIAGNOSTICIAN}, 'Bench diagnostician', ${teacher.passwordHash}, 1
      on conflict do nothing`);
    await tx.execute(sql`
      insert into assignments (user_id, workspace_id, roles)
      select id, ${workspaceId},
             case when email = ${BENCH_DIAGNOSTICIAN} then array[${ROLE.diagnostician}]::int[]
                  else array[${ROLE.teacher}]::int[] end
      from users where email like ${benchTeachers} or email = ${BENCH_DIAGNOSTICIAN}
      on conflict do nothing`);
    // Student g goes to teacher g mod teachers; the names sort by g.
    await tx.execute(sql`
      insert into clients (workspace_id, teacher_id, client_name, child_name, language)
      select ${workspaceId}, t.id, 'Bench DC parent ' || g, 'Bench DC child ' || lpad(g::text, 6, '0'), 'uk'
      from generate_series(1, ${scale.students}) g
      join (select id, row_number() over (order by id) - 1 as k from users where email like ${benchTeachers}) t
        on t.k = g % ${scale.teachers}`);
    await tx.execute(sql`
      insert into client_diagnosticians (client_id, user_id, workspace_id, assigned_by)
      select c.id, d.id, c.workspace_id, c.teacher_id
      from clients c join users u on u.id = c.teacher_id, users d
      where u.email like ${benchTeachers} and d.email = ${BENCH_DIAGNOSTICIAN}`);
    const [before] = await tx
      .select({ max: sql<number>`coalesce(max(${diagnosticCards.id}), 0)::int` })
      .from(diagnosticCards);
    const first = before?.max ?? 0;
    await tx.execute(sql`
      insert into diagnostic_cards (workspace_id, writer_id, status, title, language, content, version, created_at, updated_at)
      select workspace_id, writer_id, 'published', title || ' #' || g, language,
             jsonb_set(content, '{title}', to_jsonb(title || ' #' || g)), 1,
             now() - make_interval(mins => g), now() - make_interval(mins => g)
      from diagnostic_cards, generate_series(1, ${scale.cards}) g
      where id = ${card.id}`);
    await tx.execute(sql`
      insert into diagnostic_card_versions (card_id, version, content, published_by)
      select id, 1, content, writer_id from diagnostic_cards where id > ${first}`);
    const [heavy] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(like(clients.childName, 'Bench DC child %'))
      .orderBy(asc(clients.childName))
      .limit(1);
    if (!heavy) throw new Error('no bench student was written');
    clientId = heavy.id;
    // Diagnosis n of a student: a month apart, on one of the copies; the newest (n = 1) a draft.
    const made = sql`
      ${workspaceId}, ${first} + 1 + ((c.id * 7 + n) % ${scale.cards}), 1, c.id, d.id, c.client_name,
      c.child_name, current_date - n * 30, ${answers}::jsonb, ${marks}::jsonb,
      case when n = 1 then 'draft' else 'sent' end,
      case when n = 1 then null else (current_date - n * 30) + time '12:00' end,
      (current_date - n * 30) + time '11:00'`;
    await tx.execute(sql`
      insert into diagnoses (workspace_id, card_id, card_version, client_id, filled_by, client_name,
        child_name, diagnosed_on, answers, block_marks, status, sent_at, completed_at)
      select ${made}
      from clients c join users u on u.id = c.teacher_id, users d,
           generate_series(1, ${scale.each}) n
      where u.email like ${benchTeachers} and d.email = ${BENCH_DIAGNOSTICIAN} and c.id <> ${clientId}`);
    await tx.execute(sql`
      insert into diagnoses (workspace_id, card_id, card_version, client_id, filled_by, client_name,
        child_name, diagnosed_on, answers, block_marks, status, sent_at, completed_at)
      select ${made}
      from clients c, users d, generate_series(1, ${Math.max(scale.history - scale.sent, 0)}) n
      where c.id = ${clientId} and d.email = ${BENCH_DIAGNOSTICIAN}`);
    // The history on the demo card: a week apart, all sent; the newest (n = 1) has the live link.
    await tx.execute(sql`
      insert into diagnoses (workspace_id, card_id, card_version, client_id, filled_by, client_name,
        child_name, diagnosed_on, answers, block_marks, status, sent_at, completed_at)
      select ${workspaceId}, ${card.id}, ${card.version}, c.id, d.id, c.client_name, c.child_name,
             current_date - n * 7, ${answers}::jsonb, ${marks}::jsonb, 'sent',
             (current_date - n * 7) + time '12:00', (current_date - n * 7) + time '11:00'
      from clients c, users d, generate_series(1, ${scale.sent}) n
      where c.id = ${clientId} and d.email = ${BENCH_DIAGNOSTICIAN}`);
    // The newest's live link, as the public-link kit keeps it (decision 029).
    await tx.execute(sql`
      insert into public_links (workspace_id, kind, subject_id, token, issued_by)
      select ${workspaceId}, 'diagnosis', dg.id, ${token}, dg.filled_by
      from diagnoses dg
      where dg.client_id = ${clientId} and dg.card_id = ${card.id}
      order by dg.diagnosed_on desc, dg.id desc
      limit 1`);
  });
  await db.execute(sql`analyze`);
  const [made] = await db
    .select({ count: count() })
    .from(diagnoses)
    .innerJoin(users, eq(users.id, diagnoses.filledBy))
    .where(eq(users.email, BENCH_DIAGNOSTICIAN));
  const [cards] = await db
    .select({ count: count() })
    .from(diagnosticCards)
    .where(eq(diagnosticCards.workspaceId, workspaceId));
  return {
    ...scale,
    schoolCards: cards?.count ?? 0,
    diagnoses: made?.count ?? 0,
    email: BENCH_DIAGNOSTICIAN,
    clientId,
    token,
    seconds: (performance.now() - started) / 1000,
  };
}
