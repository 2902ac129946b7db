/**
 * The API bench's diagnostics lists (issue 16) against the bare route of the same run (their SQL
 * is not factored out of the services).
 */
import { ROLE } from '@logoschool/contract';
import { printTable, ratio, run, type BenchContext } from './measure.ts';
import { seedBenchDiagnoses } from './seed-diagnoses.ts';

/** The diagnostics' scale: see `seedBenchDiagnoses`. */
const DIAGNOSES = {
  teachers: Number(process.env.BENCH_DC_TEACHERS ?? 50),
  students: Number(process.env.BENCH_DC_STUDENTS ?? 2_000),
  each: Number(process.env.BENCH_DC_EACH ?? 5),
  cards: Number(process.env.BENCH_DC_CARDS ?? 500),
  history: Number(process.env.BENCH_DC_HISTORY ?? 200),
  sent: Number(process.env.BENCH_DC_SENT ?? 50),
};

/** Measures the diagnostics lists. */
export async function benchDiagnosticsLists(context: BenchContext): Promise<void> {
  const { db, address, schoolId, tokenOf } = context;
  const diagnosesSeeded = await seedBenchDiagnoses(db, DIAGNOSES);
  const diagnostician = await tokenOf(diagnosesSeeded.email);
  const pageOf = (count: number) => Math.min(3, Math.max(1, Math.ceil(count / 20)));
  const fullPage = (count: number, page: number) => Math.min(20, count - (page - 1) * 20);
  const clientsPage = pageOf(DIAGNOSES.students);
  const cardsPage = pageOf(diagnosesSeeded.schoolCards);
  const diagnosing = [
    {
      title: 'GET /api/diagnostician/clients',
      url: `/api/diagnostician/clients?workspace_id=${schoolId}&role_id=${ROLE.diagnostician}&page=${clientsPage}`,
      authorization: diagnostician,
      rows: (body: { data: { diagnoses: unknown[] }[] }) =>
        body.data.length === fullPage(DIAGNOSES.students, clientsPage) &&
        body.data.every((client) => client.diagnoses.length === DIAGNOSES.each),
    },
    {
      title: 'GET /api/clients/:id/diagnoses',
      url: `/api/clients/${diagnosesSeeded.clientId}/diagnoses?workspace_id=${schoolId}&role_id=${ROLE.diagnostician}`,
      authorization: diagnostician,
      rows: (body: { data: { diagnoses: unknown[] } }) =>
        body.data.diagnoses.length === Math.max(DIAGNOSES.history, DIAGNOSES.sent),
    },
    {
      title: 'GET /api/diagnostic-cards (moderator)',
      url: `/api/diagnostic-cards?workspace_id=${schoolId}&role_id=${ROLE.moderator}&page=${cardsPage}`,
      authorization: await tokenOf('moderator@demo.test'),
      rows: (body: { data: unknown[] }) =>
        body.data.length === fullPage(diagnosesSeeded.schoolCards, cardsPage),
    },
    {
      title: 'GET /api/diagnostic-cards (teacher)',
      url: `/api/diagnostic-cards?workspace_id=${schoolId}&role_id=${ROLE.teacher}&page=${cardsPage}`,
      authorization: await tokenOf('teacher@demo.test'),
      rows: (body: { data: unknown[] }) =>
        body.data.length === fullPage(diagnosesSeeded.schoolCards, cardsPage),
    },
    {
      title: 'GET /api/public/dc/:token/progress',
      url: `/api/public/dc/${diagnosesSeeded.token}/progress`,
      authorization: undefined,
      rows: (body: { data: { dates: unknown[]; series: unknown[] } }) =>
        body.data.dates.length === DIAGNOSES.sent && body.data.series.length > 0,
    },
  ];
  for (const list of diagnosing) {
    const headers: Record<string, string> = list.authorization ? { authorization: list.authorization } : {};
    const answer = await fetch(`${address}${list.url}`, { headers });
    const body = (await answer.json()) as never;
    if (!answer.ok || !list.rows(body)) {
      throw new Error(`${list.title}: answered ${answer.status} ${JSON.stringify(body).slice(0, 300)}`);
    }
  }
  const diagnosingBare = await run('bare route (baseline)', `${address}/bench/hello`);
  const diagnosingRows = [];
  for (const list of diagnosing) {
    const headers: Record<string, string> = list.authorization ? { authorization: list.authorization } : {};
    diagnosingRows.push(await run(list.title, `${address}${list.url}`, headers));
  }
  console.log(
    `\ndiagnostics: ${DIAGNOSES.students.toLocaleString('en')} students of ${DIAGNOSES.teachers} teachers assigned to one diagnostician, ` +
      `${DIAGNOSES.each} diagnoses each; one student with ${DIAGNOSES.history} (${DIAGNOSES.sent} sent on one card); ` +
      `${diagnosesSeeded.schoolCards.toLocaleString('en')} cards; ${diagnosesSeeded.diagnoses.toLocaleString('en')} diagnoses, ` +
      `seeded in ${diagnosesSeeded.seconds.toFixed(1)} s; lists: page ${clientsPage} (students) and ${cardsPage} (cards) of 20`,
  );
  printTable([diagnosingBare, ...diagnosingRows]);
  for (const row of diagnosingRows) console.log(ratio(`${row.title} / bare route`, row, diagnosingBare));
}
