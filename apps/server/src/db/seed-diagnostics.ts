/**
 * The demo school's diagnostics (issue 16 item 8): a recommended program and an exercise complex of
 * accepted demo exercises, a published speech-screening card in Ukrainian (the language of the
 * demo teacher's student Sofiia) using all six answer types and two computed blocks with bands, one
 * band pointing at the program; the demo diagnostician assigned to Sofiia; two completed diagnoses
 * of her a month apart, the newer one sent to her mother, so that her progress shows. Each part
 * runs once: a project that has programs keeps them, one that has a card keeps its cards and
 * diagnoses.
 */
import {
  diagnosticCardInput,
  todayIso,
  withKeys,
  type Answers,
  type BlockMarks,
  type DiagnosticCardContent,
  type DiagnosticCardInput,
  type ProgramInput,
} from '@logoschool/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { diagnosisLinks } from '../modules/diagnostics/index.ts';
import { issueLink } from '../modules/public-links/index.ts';
import type { Db } from './client.ts';
import {
  clientDiagnosticians,
  clients,
  diagnoses,
  diagnosticCardVersions,
  diagnosticCards,
  exercises,
  recommendedProgramItems,
  recommendedPrograms,
  users,
} from './schema/index.ts';

/** The demo programs: exercises by title (accepted demo exercises), each with a note. */
export const DEMO_PROGRAMS: readonly (Omit<ProgramInput, 'items'> & {
  items: { title: string; note: string }[];
})[] = [
  {
    kind: 'program',
    name: 'Звук [Р] удома',
    description:
      'Для дитини, яка замінює чи спотворює [Р]: десять хвилин на день із батьками, від розрізнення звука на слух до вимови в словах.',
    items: [
      {
        title: 'Троянда чи лілія: [Р] чи [Л]',
        note: 'Почніть із цієї вправи: дитина має почути [Р], перш ніж вимовляти.',
      },
      { title: '«Конячка»: розминка для язика', note: 'Щодня перед вправами на [Р].' },
      { title: 'Барабанщик [Р]', note: 'Кінчик язика вібрує; за найменшого дискомфорту зупиніться.' },
      { title: 'Тигреня гарчить [Р]', note: 'Ізольований [Р] — так довго й голосно, як хоче дитина.' },
      { title: 'Заводимо мотор: склади з [Р]', note: 'Склади — коли [Р] уже стійкий окремо.' },
      {
        title: 'Слова, що починаються на [Р]',
        note: 'Наостанок: слова з [Р] на початку найскладніші.',
      },
    ],
  },
  {
    kind: 'complex',
    name: 'Ранкова артикуляційна гімнастика',
    description: 'П’ять хвилин артикуляційної гімнастики перед будь-якою роботою над звуками.',
    items: [
      { title: '«Конячка»: розминка для язика', note: 'Десять клацань, повільно.' },
      { title: 'Змійка в саду [С]', note: 'Довгий рівний видих.' },
      { title: 'Пісенька на гойдалці [Л]', note: 'Язик угору й униз у такт пісеньки.' },
    ],
  },
];

/** The student the demo diagnoses are of: the demo teacher's Ukrainian-speaking student. */
export const DEMO_DIAGNOSED_CHILD = 'Софія Коваль';

const variants = (...pairs: [string, number][]) => pairs.map(([label, score]) => ({ label, score }));
const soundVariants = () =>
  variants(['Норма', 3], ['Спотворення', 2], ['Заміна іншим звуком', 1], ['Відсутній', 0]);

/** The demo card (its program band filled in once the program exists). */
export function demoCardInput(programId: number | null): DiagnosticCardInput {
  return {
    title: 'Логопедичний скринінг мовлення (5–7 років)',
    description:
      'Коротке обстеження мовлення дитини 5–7 років: звуковимова, артикуляційна моторика, фонематичний слух. Триває 45–60 хвилин.',
    language: 'uk',
    blocks: [
      {
        title: 'Загальні відомості',
        questions: [
          {
            code: 'complaint',
            text: 'Скарги батьків',
            hint: 'Що саме турбує батьків у мовленні дитини, з якого часу.',
            required: true,
            type: 'long_text',
          },
          {
            code: 'first_words',
            text: 'Коли з’явилися перші слова?',
            type: 'short_text',
          },
        ],
      },
      {
        title: 'Звуковимова',
        questions: [
          {
            code: 'sound_r',
            text: 'Вимова звука [Р]',
            required: true,
            type: 'one_variant',
            variants: soundVariants(),
          },
          {
            code: 'sound_s',
            text: 'Вимова свистячих [С], [З], [Ц]',
            required: true,
            type: 'one_variant',
            variants: soundVariants(),
          },
          {
            code: 'sound_sh',
            text: 'Вимова шиплячих [Ш], [Ж], [Ч]',
            required: true,
            type: 'one_variant',
            variants: soundVariants(),
          },
          {
            code: 'articulation',
            text: 'Артикуляційні вправи, які дитина виконує правильно',
            hint: 'Позначте кожну вправу, утриману 5 секунд.',
            type: 'many_variants',
            variants: variants(
              ['«Посмішка»', 1],
              ['«Трубочка»', 1],
              ['«Годинник»', 1],
              ['«Гойдалка»', 1],
              ['«Конячка»', 1],
            ),
          },
          {
            code: 'intelligibility',
            text: 'Зрозумілість мовлення для сторонніх',
            type: 'scale',
            scale: {
              from: 1,
              to: 10,
              start_label: 'Незрозуміле',
              centre_label: 'Частково зрозуміле',
              end_label: 'Повністю зрозуміле',
            },
          },
        ],
      },
      {
        title: 'Фонематичний слух',
        description: 'Дитина показує картинку, яку назвав логопед (рак – лак, миска – мишка…).',
        questions: [
          {
            code: 'phonemic',
            text: 'Розрізнення пар звуків',
            required: true,
            type: 'table',
            rows: [
              { label: '[Р] – [Л]' },
              { label: '[С] – [Ш]' },
              { label: '[З] – [Ж]' },
              { label: '[Б] – [П]' },
            ],
            columns: [
              { label: 'Розрізняє', score: 2 },
              { label: 'З помилками', score: 1 },
              { label: 'Не розрізняє', score: 0 },
            ],
          },
        ],
      },
    ],
    computed: [
      {
        code: 'pronunciation',
        title: 'Звуковимова, бали',
        description: 'Сума балів за звуки та артикуляційні вправи, від 0 до 14.',
        formula: 'sound_r + sound_s + sound_sh + sum(articulation)',
        bands: [
          {
            from: 0,
            to: 4,
            label: 'Тяжке порушення звуковимови (дислалія, поліморфна)',
            kind: 'violation',
            program_id: programId,
          },
          {
            from: 5,
            to: 8,
            label: 'Помірне порушення звуковимови',
            kind: 'violation',
            program_id: programId,
          },
          { from: 9, to: 12, label: 'Легке порушення звуковимови', kind: 'violation' },
          { from: 13, to: 14, label: 'Звуковимова відповідає віковій нормі', kind: 'qualification' },
        ],
      },
      {
        code: 'hearing',
        title: 'Фонематичний слух, середній бал',
        description: 'Середній бал за пари звуків, від 0 до 2.',
        formula: 'round(avg(phonemic), 2)',
        bands: [
          { from: 0, to: 0.99, label: 'Фонематичний слух порушений', kind: 'violation' },
          { from: 1, to: 1.74, label: 'Фонематичний слух сформований недостатньо', kind: 'violation' },
          { from: 1.75, to: 2, label: 'Фонематичний слух сформований', kind: 'qualification' },
        ],
      },
    ],
  };
}

/** The answers of a diagnosis by question code and variant/row/column label (made into keys below). */
interface DemoAnswers {
  complaint: string;
  first_words: string;
  sound_r: string;
  sound_s: string;
  sound_sh: string;
  articulation: string[];
  intelligibility: number;
  phonemic: Record<string, string>;
}

/** The two demo diagnoses of Sofiia: before and after a month of work on [Р]. */
export const DEMO_DIAGNOSES: readonly {
  daysAgo: number;
  sent: boolean;
  notes: string;
  answers: DemoAnswers;
}[] = [
  {
    daysAgo: 38,
    sent: false,
    notes: 'Замінює [Р] на [Л] у всіх позиціях. Рекомендовано домашню програму для звука [Р].',
    answers: {
      complaint: 'Говорить «либа» замість «риба», соромиться говорити в садочку.',
      first_words: 'Близько 1 року',
      sound_r: 'Заміна іншим звуком',
      sound_s: 'Норма',
      sound_sh: 'Спотворення',
      articulation: ['«Посмішка»', '«Трубочка»'],
      intelligibility: 5,
      phonemic: {
        '[Р] – [Л]': 'Не розрізняє',
        '[С] – [Ш]': 'З помилками',
        '[З] – [Ж]': 'Розрізняє',
        '[Б] – [П]': 'Розрізняє',
      },
    },
  },
  {
    daysAgo: 7,
    sent: true,
    notes: 'Ізольований [Р] поставлено, у складах нестійкий. Продовжувати програму ще місяць.',
    answers: {
      complaint: 'Говорить «либа» замість «риба»; вдома вже чути [Р] в окремих словах.',
      first_words: 'Близько 1 року',
      sound_r: 'Спотворення',
      sound_s: 'Норма',
      sound_sh: 'Норма',
      articulation: ['«Посмішка»', '«Трубочка»', '«Годинник»', '«Конячка»'],
      intelligibility: 7,
      phonemic: {
        '[Р] – [Л]': 'З помилками',
        '[С] – [Ш]': 'Розрізняє',
        '[З] – [Ж]': 'Розрізняє',
        '[Б] – [П]': 'Розрізняє',
      },
    },
  },
];

/** The answers by key of a card's content. */
export function answersOf(content: DiagnosticCardContent, given: DemoAnswers): Answers {
  const answers: Answers = {};
  const keyOf = (list: readonly { key: string; label: string }[], label: string) => {
    const found = list.find((item) => item.label === label);
    if (!found) throw new Error(`demo answer ${label} is not on the card`);
    return found.key;
  };
  for (const question of content.blocks.flatMap((block) => block.questions)) {
    const value = given[question.code as keyof DemoAnswers];
    if (value === undefined) continue;
    if (question.type === 'short_text' || question.type === 'long_text')
      answers[question.key] = { text: String(value) };
    else if (question.type === 'one_variant')
      answers[question.key] = { variant: keyOf(question.variants, String(value)) };
    else if (question.type === 'many_variants')
      answers[question.key] = {
        variants: (value as string[]).map((label) => keyOf(question.variants, label)),
      };
    else if (question.type === 'scale') answers[question.key] = { value: Number(value) };
    else {
      const cells: Record<string, string[]> = {};
      for (const [row, column] of Object.entries(value as Record<string, string>)) {
        cells[keyOf(question.rows, row)] = [keyOf(question.columns, column)];
      }
      answers[question.key] = { cells };
    }
  }
  return answers;
}

async function userId(db: Db, email: string): Promise<number> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`demo user ${email} is missing`);
  return user.id;
}

/** The demo programs, once; the id of the recommended program the card's bands point at. */
async function seedPrograms(db: Db, workspaceId: number, moderatorId: number): Promise<number | null> {
  const existing = await db
    .select({ id: recommendedPrograms.id, name: recommendedPrograms.name })
    .from(recommendedPrograms)
    .where(eq(recommendedPrograms.workspaceId, workspaceId));
  const first = DEMO_PROGRAMS[0]?.name;
  if (existing.length > 0) return existing.find((row) => row.name === first)?.id ?? null;
  const titles = [...new Set(DEMO_PROGRAMS.flatMap((program) => program.items.map((item) => item.title)))];
  const found = await db
    .select({ id: exercises.id, title: exercises.title })
    .from(exercises)
    .where(and(eq(exercises.workspaceId, workspaceId), inArray(exercises.title, titles)));
  const idOf = new Map(found.map((row) => [row.title, row.id]));
  let programId: number | null = null;
  await db.transaction(async (tx) => {
    for (const program of DEMO_PROGRAMS) {
      const [row] = await tx
        .insert(recommendedPrograms)
        .values({
          workspaceId,
          kind: program.kind,
          name: program.name,
          description: program.description ?? '',
          createdBy: moderatorId,
        })
        .returning({ id: recommendedPrograms.id });
      if (!row) throw new Error('the demo program was not written');
      if (program.kind === 'program' && programId === null) programId = row.id;
      const items = program.items.flatMap((item) => {
        const exerciseId = idOf.get(item.title);
        return exerciseId === undefined ? [] : [{ exerciseId, note: item.note }];
      });
      if (items.length > 0) {
        await tx
          .insert(recommendedProgramItems)
          .values(items.map((item, position) => ({ programId: row.id, position, ...item })));
      }
    }
  });
  return programId;
}

/** A day `days` before today (UTC), 'YYYY-MM-DD'. */
const daysAgo = (days: number) => todayIso(new Date(Date.now() - days * 86_400_000));

/** Seeds the demo school's programs, card, diagnostician's student and diagnoses (each once). */
export async function seedDiagnostics(db: Db, workspaceId: number): Promise<void> {
  const moderatorId = await userId(db, 'moderator@demo.test');
  const programId = await seedPrograms(db, workspaceId, moderatorId);

  const [cards] = await db
    .select({ count: count() })
    .from(diagnosticCards)
    .where(eq(diagnosticCards.workspaceId, workspaceId));
  if ((cards?.count ?? 0) > 0) return;
  const teacherId = await userId(db, 'teacher@demo.test');
  const diagnosticianId = await userId(db, 'diagnostician@demo.test');
  const [student] = await db
    .select()
    .from(clients)
    .where(
      and(
        eq(clients.workspaceId, workspaceId),
        eq(clients.teacherId, teacherId),
        eq(clients.childName, DEMO_DIAGNOSED_CHILD),
      ),
    );
  const content = withKeys(diagnosticCardInput.parse(demoCardInput(programId)), randomUUID);

  await db.transaction(async (tx) => {
    const [card] = await tx
      .insert(diagnosticCards)
      .values({
        workspaceId,
        writerId: moderatorId,
        status: 'published',
        title: content.title,
        language: content.language,
        content,
        version: 1,
      })
      .returning({ id: diagnosticCards.id });
    if (!card) throw new Error('the demo card was not written');
    await tx
      .insert(diagnosticCardVersions)
      .values({ cardId: card.id, version: 1, content, publishedBy: moderatorId });
    if (!student) return;
    await tx
      .insert(clientDiagnosticians)
      .values({ clientId: student.id, userId: diagnosticianId, workspaceId, assignedBy: teacherId })
      .onConflictDoNothing();
    // Both blocks examined at the start; the sound block needs more after the first diagnosis.
    const [, sounds, hearing] = content.blocks;
    for (const diagnosis of DEMO_DIAGNOSES) {
      const on = daysAgo(diagnosis.daysAgo);
      const completedAt = new Date(`${on}T11:00:00Z`);
      const marks: BlockMarks = {};
      if (sounds) marks[sounds.key] = { examination: 'start', status: diagnosis.sent ? 'done' : 'further' };
      if (hearing)
        marks[hearing.key] = { examination: 'during', status: diagnosis.sent ? 'ready' : 'further' };
      const [row] = await tx
        .insert(diagnoses)
        .values({
          workspaceId,
          cardId: card.id,
          cardVersion: 1,
          clientId: student.id,
          filledBy: diagnosticianId,
          clientName: student.clientName,
          childName: student.childName,
          birthdate: student.birthdate,
          diagnosedOn: on,
          answers: answersOf(content, diagnosis.answers),
          blockMarks: marks,
          notes: diagnosis.notes,
          status: diagnosis.sent ? 'sent' : 'draft',
          sentAt: diagnosis.sent ? new Date(completedAt.getTime() + 3_600_000) : null,
          completedAt,
          createdAt: new Date(`${on}T10:00:00Z`),
          updatedAt: completedAt,
        })
        .returning({ id: diagnoses.id });
      // A sent diagnosis has its parents' link (the public-link kit, decision 029).
      if (row && diagnosis.sent) {
        await issueLink(tx, { userId: diagnosticianId, workspaceId }, diagnosisLinks, row.id);
      }
    }
  });
}
