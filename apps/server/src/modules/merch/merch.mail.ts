/**
 * A family's order, mailed to the school (decision 040): to the project's administrators, or its
 * managers when it has no administrator, through the one mailer (SMTP, else the outbox root
 * reads). The project keeps no contact address of its own, so its people are the school's address.
 */
import { ROLE, type Language } from '@logoschool/contract';
import { and, arrayOverlaps, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assignments, users, workspaces } from '../../db/schema/index.ts';
import { text } from '../../i18n/index.ts';
import { composeMail } from '../../mail/compose.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { MerchOrderRowDb } from './merch.schema.ts';
import { money } from './merch.service.ts';

/** The e-mails of the project's active people holding one of `roles`. */
async function emailsOf(db: Db, workspaceId: number, roles: number[]): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(assignments)
    .innerJoin(users, eq(users.id, assignments.userId))
    .where(
      and(
        eq(assignments.workspaceId, workspaceId),
        eq(assignments.isActive, true),
        eq(assignments.archived, false),
        arrayOverlaps(assignments.roles, roles),
      ),
    );
  return [...new Set(rows.map((row) => row.email))].sort();
}

/** Who the school is for an order's mail: the administrators, else the managers. */
export async function schoolAddresses(db: Db, workspaceId: number): Promise<string[]> {
  const admins = await emailsOf(db, workspaceId, [ROLE.admin]);
  return admins.length > 0 ? admins : emailsOf(db, workspaceId, [ROLE.manager]);
}

/** Mails the order to the school, in `lang` (the language the family ordered in). Answers how many went. */
export async function mailOrder(
  context: { db: Db; mailer: Mailer; baseUrl: string },
  order: MerchOrderRowDb,
  student: string | null,
  lang: Language,
): Promise<number> {
  const to = await schoolAddresses(context.db, order.workspaceId);
  if (to.length === 0) return 0;
  const [project] = await context.db
    .select({ title: workspaces.title })
    .from(workspaces)
    .where(eq(workspaces.id, order.workspaceId));
  const country = new Intl.DisplayNames([lang], { type: 'region' }).of(order.country) ?? order.country;
  const address = [
    order.name,
    order.addressLine1,
    order.addressLine2,
    `${order.postalCode} ${order.city}`,
    country,
  ]
    .filter((line) => line.trim() !== '')
    .join('\n');
  const paragraphs = [
    text(lang, 'mail.hello'),
    text(lang, 'mail.merchOrder.body'),
    [
      text(lang, 'mail.merchOrder.item', { title: order.title }),
      text(lang, 'mail.merchOrder.size', {
        label: order.size ? order.size.toUpperCase() : text(lang, 'mail.merchOrder.noSize'),
      }),
      text(lang, 'mail.merchOrder.quantity', { count: order.quantity }),
      text(lang, 'mail.merchOrder.total', {
        value: `${money(order.priceCents * order.quantity)} ${order.currency}`,
      }),
    ].join('\n'),
    text(lang, 'mail.merchOrder.address', { list: address }),
    text(lang, 'mail.merchOrder.contact', { email: order.email, phone: order.phone }).trim(),
  ];
  if (student) paragraphs.push(text(lang, 'mail.merchOrder.student', { name: student }));
  if (order.note) paragraphs.push(text(lang, 'mail.merchOrder.note', { message: order.note }));
  const composed = composeMail(lang, {
    subject: text(lang, 'mail.merchOrder.subject', { title: order.title, name: order.name }),
    paragraphs,
    action: { label: text(lang, 'mail.merchOrder.open'), url: `${context.baseUrl}/merchandise?tab=orders` },
    footer: text(lang, 'mail.merchOrder.footer', { school: project?.title ?? '' }),
  });
  let sent = 0;
  for (const address of to) {
    const outcome = await context.mailer.sendMail({ to: address, ...composed });
    if (outcome.delivery !== 'failed') sent += 1;
  }
  return sent;
}
