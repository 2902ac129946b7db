import { z } from 'zod';
import { idParam, pageEnvelope, pageQuery } from '../common/envelope.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { documentStepsFor } from '../versioning/document-status.ts';
import { versionsDiffQuery } from '../versioning/versions-api.ts';
import {
  DC_TITLE_MAX,
  DIAGNOSTIC_CARD_STATUSES,
  diagnosticCardContentSchema,
  type DiagnosticCardContent,
  type DiagnosticCardStatus,
} from './card.ts';

/**
 * The diagnostic cards' API (issue 16 item 1): moderators keep the project's cards (a working copy,
 * published as numbered versions that diagnoses are made from); teachers read the published ones.
 */

/** What a moderator may do to a card now. */
export const DIAGNOSTIC_CARD_ACTIONS = ['edit', 'publish', 'delete'] as const;
export type DiagnosticCardAction = (typeof DIAGNOSTIC_CARD_ACTIONS)[number];

/**
 * What a moderator may do to a card: edit and delete always (a card with diagnoses answers 409 on
 * delete), publish when the document status machine lets a moderator (a draft; a published card
 * unchanged since has nothing to publish). Only moderators write cards, so none is ever in review.
 */
export function diagnosticCardActions(status: DiagnosticCardStatus): DiagnosticCardAction[] {
  return documentStepsFor(status, ['moderator']).includes('publish')
    ? ['edit', 'publish', 'delete']
    : ['edit', 'delete'];
}

/** The project and role a cards call acts in (in the query, as for templates). */
export const diagnosticCardActingQuery = z.object({
  workspace_id: idParam,
  role_id: idParam.optional(),
});

/** `GET /diagnostic-cards`: a page of the cards the role reads, the latest change first. */
export const diagnosticCardsQuery = pageQuery.extend({
  ...diagnosticCardActingQuery.shape,
  status: z.enum(DIAGNOSTIC_CARD_STATUSES).optional(),
  language: z.enum(LANGUAGES).optional(),
  /** A case-insensitive part of the title. */
  term: z.string().trim().max(DC_TITLE_MAX).optional(),
});
export type DiagnosticCardsQuery = z.infer<typeof diagnosticCardsQuery>;

export const diagnosticCardParams = z.object({ cardId: idParam });

/** `GET /diagnostic-cards/:cardId/versions/diff?from=&to=` (decision 030). */
export const diagnosticCardVersionsDiffQuery = diagnosticCardActingQuery.extend(versionsDiffQuery.shape);

/** One row of the cards list. */
export const diagnosticCardListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  language: z.enum(LANGUAGES),
  status: z.enum(DIAGNOSTIC_CARD_STATUSES),
  /** The latest published version's number; 0 before the first publication. */
  version: z.number().int(),
  blocks: z.number().int(),
  questions: z.number().int(),
  computed: z.number().int(),
  writer: z.object({ id: z.number().int(), name: z.string() }),
  updated_at: z.string(),
  /** How many diagnoses are made from it (moderators; null for teachers). */
  diagnoses: z.number().int().nullable(),
});
export type DiagnosticCardListItem = z.infer<typeof diagnosticCardListItemSchema>;

export const diagnosticCardsPageEnvelope = pageEnvelope(diagnosticCardListItemSchema);
export type DiagnosticCardsPage = z.infer<typeof diagnosticCardsPageEnvelope>;

/**
 * A card as the API shows it: moderators its working copy, status and what they may do; teachers
 * its latest published version (status published, no actions).
 */
export const diagnosticCardSchema = diagnosticCardContentSchema.extend({
  id: z.number().int(),
  status: z.enum(DIAGNOSTIC_CARD_STATUSES),
  version: z.number().int(),
  writer: z.object({ id: z.number().int(), name: z.string() }),
  actions: z.array(z.enum(DIAGNOSTIC_CARD_ACTIONS)),
  /** How many diagnoses are made from it (moderators; null for teachers). */
  diagnoses: z.number().int().nullable(),
  updated_at: z.string(),
});
export type DiagnosticCard = z.infer<typeof diagnosticCardSchema>;

/** A card's content out of a card the API gave (what the preview and filling work on). */
export function cardContentOf(card: DiagnosticCard): DiagnosticCardContent {
  return {
    title: card.title,
    description: card.description,
    language: card.language,
    category_ids: card.category_ids,
    blocks: card.blocks,
    computed: card.computed,
  };
}
