import { LANGUAGE_LOCALES, centsText, type Act, type Language } from '@logoschool/contract';
import { createPdf } from '../../files/pdf.ts';
import { text, type TextKey } from '../../i18n/index.ts';
import { mailDay } from '../../mail/dates.ts';

/** The two languages of an act, side by side: Ukrainian on the left, English on the right. */
const SIDES = ['uk', 'en'] as const satisfies readonly Language[];
type Side = (typeof SIDES)[number];

/** An amount in hundredths written out in a language: "1 500,00" / "1,500.00". */
function money(lang: Language, cents: number, currency: string): string {
  const amount = new Intl.NumberFormat(LANGUAGE_LOCALES[lang], {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number(centsText(cents)));
  return `${amount} ${currency}`;
}

/** The act's file name: `act-12-2026.pdf`. */
export const actFileName = (act: Act) => `act-${act.number.replace('/', '-')}.pdf`;

/**
 * An act as a PDF (issue 33 item 2): in Ukrainian and English side by side — the act's number and
 * date, the period, the customer (the project) and the contractor with the details the act froze
 * (the passport and tax id as the reader may see them), the contract, the items with their links
 * and amounts, the total, and room for both signatures.
 */
export async function actPdf(act: Act, customer: string): Promise<{ bytes: Buffer; fileName: string }> {
  const t = (lang: Side, key: string, params?: Record<string, string | number>) =>
    text(lang, `pdf.act.${key}` as TextKey, params);
  const both = (key: string, params: (lang: Side) => Record<string, string | number> = () => ({})) =>
    SIDES.map((lang) => t(lang, key, params(lang)));
  const c = act.contractor;
  const pdf = createPdf({
    title: `${t('uk', 'title', { number: act.number })} / ${t('en', 'title', { number: act.number })}`,
    lang: 'uk',
  });

  pdf.heading(`${t('uk', 'title', { number: act.number })} / ${t('en', 'title', { number: act.number })}`, 1);
  const taxLabel = (lang: Side) => t(lang, c.tax_country === 'UA' ? 'taxIdUa' : 'taxId');
  pdf.table(
    both('language'),
    [
      both('heading'),
      both('date', (lang) => ({ date: mailDay(lang, act.act_date) })),
      both('period', (lang) => ({ from: mailDay(lang, act.period_from), to: mailDay(lang, act.period_to) })),
      both('customer', () => ({ name: customer })),
      [t('uk', 'contractor', { name: c.name_uk }), t('en', 'contractor', { name: c.name_en })],
      both('passport', () => ({ value: c.passport })),
      SIDES.map((lang) => `${taxLabel(lang)}: ${c.tax_number}`),
      [t('uk', 'address', { value: c.address_uk }), t('en', 'address', { value: c.address_en })],
      both('contract', (lang) => ({ number: c.contract_number, date: mailDay(lang, c.contract_date) })),
      both('statement'),
    ],
    [1, 1],
  );

  pdf.table(
    [
      '№',
      `${t('uk', 'itemTitle')} / ${t('en', 'itemTitle')}`,
      `${t('uk', 'itemType')} / ${t('en', 'itemType')}`,
      `${t('uk', 'itemAmount')} / ${t('en', 'itemAmount')}`,
    ],
    act.items.map((item, index) => [
      String(index + 1),
      item.title,
      `${t('uk', `type.${item.type}`)} / ${t('en', `type.${item.type}`)}`,
      money('en', item.amount_cents, act.currency),
    ]),
    [0.4, 5, 2.2, 1.8],
  );
  // The links whole, one a line across the page: a table's narrow column would break them.
  pdf.paragraph(`${t('uk', 'itemLink')} / ${t('en', 'itemLink')}`, { bold: true, small: true });
  act.items.forEach((item, index) => pdf.paragraph(`${index + 1}. ${item.content_link}`, { small: true }));
  pdf.space(0.5);

  pdf.table(
    both('language'),
    [
      SIDES.map((lang) => t(lang, 'total', { amount: money(lang, act.total_cents, act.currency) })),
      both('noClaims'),
      both('customerSignature'),
      both('contractorSignature'),
    ],
    [1, 1],
  );
  return { bytes: await pdf.finish(), fileName: actFileName(act) };
}
