import { z } from 'zod';
import { bodyId, idParam, pageEnvelope, pageQuery } from '../common/envelope.ts';
import { API, API_BASE } from '../api/paths.ts';
import { ROLE_NAMES, type RoleName } from '../access/roles.ts';
import { TICKET_ACTIONS, TICKET_STATUSES, type TicketStatus } from './status.ts';

/**
 * Problem reports (issue 33 item 1; spec §1 "problem reports (complaints)", §3 Report ticket:
 * description, attachments, status). Anyone signed in reports a problem from any screen, with a
 * description, a few images or PDFs (judged by their bytes) and the context the screen attaches by
 * itself (its path, the exercise or story and slide it shows); the server adds the role and the
 * browser. Moderators work the project's reports (spec §4's actions, comments, merging a duplicate
 * into another); the reporter follows their own and is mailed when one is done or declined.
 */

export const TICKET_DESCRIPTION_MAX = 4000;
export const TICKET_COMMENT_MAX = 4000;
export const TICKET_REASON_MAX = 2000;
/** The longest screen path and place (the part of a story, say) a report keeps. */
export const TICKET_SCREEN_MAX = 500;
export const TICKET_PLACE_MAX = 200;
/** The search's longest text. */
export const TICKET_TERM_MAX = 200;
/** How many files one report may have, and how large each may be (an image or a PDF). */
export const TICKET_ATTACHMENTS_MAX = 5;
export const TICKET_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** What a report may be about, and so link to: an exercise (its slides) or a story (its slides). */
export const TICKET_OBJECT_KINDS = ['exercise', 'story'] as const;
export type TicketObjectKind = (typeof TICKET_OBJECT_KINDS)[number];

/** Where a moderator opens the object a report is about (spec §2 screens). */
export function ticketObjectScreen(kind: TicketObjectKind, id: number): string {
  return kind === 'exercise' ? `/moderate-exercise/${id}` : `/edit-history/${id}`;
}

/** The kinds of file a report takes: pictures (a screenshot) and PDF documents. */
export const TICKET_FILE_KINDS = ['image', 'document'] as const;
export type TicketFileKind = (typeof TICKET_FILE_KINDS)[number];

const text = (max: number) => z.string().trim().max(max);

/** The context a screen attaches by itself: where the reporter was and what they looked at. */
export const ticketContextInput = z.strictObject({
  /** The screen's path (`/conduct-lesson/12`), without the address's origin. */
  screen: text(TICKET_SCREEN_MAX).regex(/^\//, 'format'),
  /** The exercise or story on the screen, if any. */
  object: z
    .strictObject({ kind: z.enum(TICKET_OBJECT_KINDS), id: bodyId })
    .nullable()
    .default(null),
  /** The slide shown (from 1), if any. */
  slide: z.number().int().min(1).max(10_000).nullable().default(null),
  /** Where in the object, in words (a story's episode and part), '' when nothing. */
  place: text(TICKET_PLACE_MAX).default(''),
});
export type TicketContextInput = z.input<typeof ticketContextInput>;

/** `POST /report-tickets`: a new report. */
export const ticketInput = z
  .strictObject({
    /**
     * Made by the dialog once per report (a uuid): the same key again (a double click, a retry)
     * gives the report already made instead of a second one.
     */
    key: z.uuid(),
    description: text(TICKET_DESCRIPTION_MAX).min(1),
    context: ticketContextInput,
    /** The caller's own uploads (`POST /report-tickets/files`) not yet in a report. */
    attachment_ids: z.array(bodyId).max(TICKET_ATTACHMENTS_MAX).default([]),
  })
  .superRefine((input, context) => {
    if (new Set(input.attachment_ids).size !== input.attachment_ids.length) {
      context.addIssue({ code: 'custom', path: ['attachment_ids'], message: 'unique' });
    }
  });
export type TicketInput = z.input<typeof ticketInput>;

/** `POST /report-tickets/:ticketId/actions`: one of spec §4's actions; declining says why. */
export const ticketActionInput = z
  .strictObject({
    action: z.enum(TICKET_ACTIONS),
    reason: text(TICKET_REASON_MAX).default(''),
  })
  .superRefine((input, context) => {
    if (input.action === 'decline' && input.reason === '') {
      context.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
    }
  });
export type TicketActionInput = z.input<typeof ticketActionInput>;

/** `POST /report-tickets/:ticketId/merge`: this report is a duplicate of `into_id`. */
export const ticketMergeInput = z.strictObject({ into_id: bodyId });
export type TicketMergeInput = z.input<typeof ticketMergeInput>;

/** `POST …/comments`: a comment (a moderator's question, the reporter's answer). */
export const ticketCommentInput = z.strictObject({ text: text(TICKET_COMMENT_MAX).min(1) });
export type TicketCommentInput = z.input<typeof ticketCommentInput>;

/** The project and role a reports call acts in. */
export const ticketActingQuery = z.object({
  workspace_id: idParam,
  role_id: idParam.optional(),
});

export const ticketParams = z.object({ ticketId: idParam });
export const ticketFileParams = z.object({ fileId: idParam });
export const ticketAttachmentParams = z.object({ ticketId: idParam, fileId: idParam });

/** `GET /report-tickets`: the project's reports of a status, searched, by assignee or object. */
export const ticketsQuery = pageQuery.extend({
  ...ticketActingQuery.shape,
  status: z.enum(TICKET_STATUSES).optional(),
  /** A part of the description or the reporter's name, or `#12` for report 12. */
  term: text(TICKET_TERM_MAX).optional(),
  /** `none`: nobody's yet; an id: that person's. */
  assignee: z.union([z.literal('none'), idParam]).optional(),
  object_kind: z.enum(TICKET_OBJECT_KINDS).optional(),
  object_id: idParam.optional(),
});
export type TicketsQuery = z.input<typeof ticketsQuery>;

/** `GET /report-tickets/mine`: the caller's own reports in the project, the latest change first. */
export const myTicketsQuery = pageQuery.extend(ticketActingQuery.shape);

const person = z.object({ id: z.number().int(), name: z.string() });

/** A file of a report, with where the viewer reads it (with the bearer token). */
export const ticketFileSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TICKET_FILE_KINDS),
  mime: z.string(),
  size: z.number().int(),
  original_name: z.string(),
  file_url: z.string(),
});
export type TicketFile = z.infer<typeof ticketFileSchema>;

/** `POST /report-tickets/files`: a form with one `file` (an image or a PDF). */
export const ticketUploadBody = z.object({ file: z.any() });

/** Where the uploader reads their own file, acting as the role the file was shown to. */
export const ownTicketFileUrl = (workspaceId: number, roleId: number, fileId: number) =>
  `${API_BASE}${API.reportTickets}/files/${fileId}?workspace_id=${workspaceId}&role_id=${roleId}`;
/** Where a moderator reads a file of a report, acting as the role the report was shown to. */
export const ticketFileUrl = (workspaceId: number, roleId: number, ticketId: number, fileId: number) =>
  `${API_BASE}${API.reportTickets}/${ticketId}/files/${fileId}?workspace_id=${workspaceId}&role_id=${roleId}`;

/** The object a report is about, with its title now (null when it is gone). */
export const ticketObjectSchema = z.object({
  kind: z.enum(TICKET_OBJECT_KINDS),
  id: z.number().int(),
  title: z.string().nullable(),
});

export const TICKET_EVENT_KINDS = ['created', 'status', 'comment', 'merged_into', 'merged_from'] as const;
export type TicketEventKind = (typeof TICKET_EVENT_KINDS)[number];

/** One entry of a report's history: made, moved, commented, merged. */
export const ticketEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TICKET_EVENT_KINDS),
  /** Who did it; null for a person no longer known. */
  actor: person.nullable(),
  from_status: z.enum(TICKET_STATUSES).nullable(),
  to_status: z.enum(TICKET_STATUSES).nullable(),
  /** A comment's text, a decline's reason; '' otherwise. */
  text: z.string(),
  /** The other report of a merge. */
  other_ticket_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type TicketEvent = z.infer<typeof ticketEventSchema>;

/** One row of a list of reports. */
export const ticketListItemSchema = z.object({
  id: z.number().int(),
  status: z.enum(TICKET_STATUSES),
  description: z.string(),
  reporter: person,
  assignee: person.nullable(),
  object: ticketObjectSchema.nullable(),
  slide: z.number().int().nullable(),
  attachments: z.number().int(),
  comments: z.number().int(),
  merged_into_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TicketListItem = z.infer<typeof ticketListItemSchema>;

/** The moderators' list: a page, with how many reports of each status match its other filters. */
export const ticketsPageEnvelope = pageEnvelope(ticketListItemSchema).extend({
  counts: z.record(z.enum(TICKET_STATUSES), z.number().int()),
});
export type TicketsPage = z.infer<typeof ticketsPageEnvelope>;

/** A report whole: as a moderator works it, or as its reporter follows it. */
export const ticketSchema = ticketListItemSchema.extend({
  context: z.object({
    screen: z.string(),
    /** The role the reporter acted as. */
    role: z.enum(ROLE_NAMES as [RoleName, ...RoleName[]]),
    /** The reporter's browser (its User-Agent). */
    user_agent: z.string(),
    place: z.string(),
  }),
  decline_reason: z.string(),
  /** The report this one was merged into, with its status now. */
  merged_into: z.object({ id: z.number().int(), status: z.enum(TICKET_STATUSES) }).nullable(),
  /** The reports merged into this one. */
  merged: z.array(z.number().int()),
  files: z.array(ticketFileSchema),
  /** The whole history, the first first. */
  events: z.array(ticketEventSchema),
  /** The actions the caller may take now (none for the reporter). */
  actions: z.array(z.enum(TICKET_ACTIONS)),
  /** Whether the caller may merge it into another now. */
  mergeable: z.boolean(),
  /** Whether the caller may comment now. */
  commentable: z.boolean(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** The people the project's reports are assigned to (the list's assignee filter). */
export const ticketAssigneesSchema = z.array(person);

/** Counts per status, every status present. */
export function emptyTicketCounts(): Record<TicketStatus, number> {
  return Object.fromEntries(TICKET_STATUSES.map((status) => [status, 0])) as Record<TicketStatus, number>;
}
