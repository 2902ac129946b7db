/**
 * The reporter is told by mail when their problem report is done or declined (issue 33 item 1),
 * in the language they reported in, through the one mailer (SMTP, else the outbox root reads). The
 * reporters of the duplicates merged into it are told too: their problem is the same one.
 */
import { LANGUAGES, type Language, type TicketStatus } from '@logoschool/contract';
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, workspaces } from '../../db/schema/index.ts';
import { text } from '../../i18n/index.ts';
import { composeMail } from '../../mail/compose.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { tickets } from './tickets.schema.ts';

/** The longest part of the description a mail quotes. */
const QUOTED_MAX = 300;

const languageOf = (lang: string): Language =>
  (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : 'en';

/**
 * Mails the reporters of a report that came to `status` (done or declined), and of the reports
 * merged into it; answers how many mails went (kept in the outbox counts as gone).
 */
export async function mailTicketClosed(
  context: { db: Db; mailer: Mailer; baseUrl: string },
  workspaceId: number,
  ticketId: number,
  status: TicketStatus,
): Promise<number> {
  const rows = await context.db
    .select({
      id: tickets.id,
      description: tickets.description,
      lang: tickets.lang,
      reason: tickets.declineReason,
      email: users.email,
      school: workspaces.title,
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.reporterId))
    .innerJoin(workspaces, eq(workspaces.id, tickets.workspaceId))
    .where(
      and(
        eq(tickets.workspaceId, workspaceId),
        or(eq(tickets.id, ticketId), eq(tickets.mergedIntoId, ticketId)),
      ),
    );
  const main = rows.find((row) => row.id === ticketId);
  if (!main) return 0;
  const what = status === 'declined' ? 'declined' : 'done';
  let sent = 0;
  for (const row of rows) {
    const lang = languageOf(row.lang);
    const quoted =
      row.description.length > QUOTED_MAX ? `${row.description.slice(0, QUOTED_MAX)}…` : row.description;
    const paragraphs = [
      text(lang, 'mail.hello'),
      text(lang, `mail.ticket.${what}.body`, { id: row.id, school: row.school }),
      text(lang, 'mail.ticket.quote', { message: quoted }),
    ];
    if (row.id !== ticketId) paragraphs.push(text(lang, 'mail.ticket.merged', { id: ticketId }));
    if (what === 'declined') paragraphs.push(text(lang, 'mail.ticket.reason', { reason: main.reason }));
    const composed = composeMail(lang, {
      subject: text(lang, `mail.ticket.${what}.subject`, { id: row.id }),
      paragraphs,
      action: { label: text(lang, 'mail.ticket.open'), url: `${context.baseUrl}/my-reports/${row.id}` },
      footer: text(lang, 'mail.ticket.footer'),
    });
    const outcome = await context.mailer.sendMail({ to: row.email, ...composed });
    if (outcome.delivery !== 'failed') sent += 1;
  }
  return sent;
}
