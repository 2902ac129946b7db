import { z } from 'zod';
import { actingAsQuery } from '../auth/schemas.ts';
import { bodyId, pageQuery } from '../common/envelope.ts';
import { BONUS_REASON_KINDS } from './bonus-rule.ts';

/**
 * Referrals (issue 29 item 3, spec §9; decision 039): each family (a student's) has its own referral
 * code, apart from its dashboard token; a booking made through the project's booking page with that
 * code, once the school makes a student of it, links the new family to its referrer. A manager
 * records renewals and repeat payments, grants and cancels bonus sessions with a reason, all kept in
 * history; `referralBonuses` (`bonus-rule.ts`) computes every balance.
 */

/** A reason or a note: a manager says why, in a line or two. */
export const REFERRAL_REASON_MAX = 500;
/** The most sessions one grant or cancellation moves. */
export const REFERRAL_SESSIONS_MAX = 50;
/** The longest referral code the booking page passes on; anything longer names no family. */
export const REFERRAL_CODE_MAX = 128;

/** What a manager records on a student: a renewal of the course or a repeat payment. */
export const REFERRAL_EVENT_KINDS = ['renewal', 'payment'] as const;
export type ReferralEventKind = (typeof REFERRAL_EVENT_KINDS)[number];

/** A manager's change of a balance. */
export const BONUS_CHANGE_KINDS = ['grant', 'cancel'] as const;

/** The kinds of history entries: an event, its removal, a grant, a cancellation, a hand-made link. */
export const REFERRAL_ENTRY_KINDS = ['renewal', 'payment', 'removal', 'grant', 'cancel', 'linked'] as const;
export type ReferralEntryKind = (typeof REFERRAL_ENTRY_KINDS)[number];

const reason = z.string().trim().min(1, { message: 'required' }).max(REFERRAL_REASON_MAX);

/** `?ref=` of the booking page, passed on with the reservation. */
export const referralCodeSchema = z.string().trim().max(REFERRAL_CODE_MAX);

/** `GET /referrals`: the project's families, searched by child's or parent's name. */
export const referralsQuery = pageQuery.extend({
  ...actingAsQuery.shape,
  search: z.string().trim().max(100).optional(),
});
export type ReferralsQuery = z.input<typeof referralsQuery>;

export const referralActingQuery = actingAsQuery;

/** A family in a referral: the student's id and names. */
export const referralFamilySchema = z.object({
  client_id: z.number().int(),
  child_name: z.string(),
  parent_name: z.string(),
});
export type ReferralFamily = z.infer<typeof referralFamilySchema>;

/** One row of the report. */
export const referralRowSchema = referralFamilySchema.extend({
  referrer: referralFamilySchema.nullable(),
  referred_count: z.number().int(),
  bonus: z.number().int(),
});
export type ReferralRow = z.infer<typeof referralRowSchema>;

/** Why a balance moved, for the manager and (in words) for the parents. */
export const bonusReasonSchema = z.object({
  kind: z.enum(BONUS_REASON_KINDS),
  sessions: z.number().int(),
  /** The other family of the reason; null for a manager's grant or cancellation. */
  other: referralFamilySchema.nullable(),
  at: z.string(),
});
export type BonusReasonView = z.infer<typeof bonusReasonSchema>;

/** One entry of a family's history: who recorded what, when and why. */
export const referralEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(REFERRAL_ENTRY_KINDS),
  /** The day of a renewal or payment. */
  on: z.string().nullable(),
  sessions: z.number().int().nullable(),
  note: z.string(),
  /** The entry a removal takes back. */
  removes: z.number().int().nullable(),
  /** Whether a later removal took this renewal or payment back. */
  removed: z.boolean(),
  by: z.string().nullable(),
  at: z.string(),
});
export type ReferralEntry = z.infer<typeof referralEntrySchema>;

/** `GET /referrals/:clientId`: a family's referrer, those it brought, its balance and history. */
export const referralDetailSchema = referralRowSchema.extend({
  referred: z.array(referralFamilySchema),
  reasons: z.array(bonusReasonSchema),
  history: z.array(referralEntrySchema),
  /** How the family came: through a booking with its code, or linked by a manager (null: no referrer). */
  linked_by: z.enum(['booking', 'manager']).nullable(),
});
export type ReferralDetail = z.infer<typeof referralDetailSchema>;

/** `POST /referrals/:clientId/events`: a renewal or a repeat payment, on a day. */
export const referralEventInput = z.strictObject({
  kind: z.enum(REFERRAL_EVENT_KINDS),
  on: z.iso.date({ message: 'date' }),
  note: z.string().trim().max(REFERRAL_REASON_MAX).default(''),
});
export type ReferralEventInput = z.input<typeof referralEventInput>;

/** `POST /referrals/:clientId/events/:entryId/removal`: why it is taken back. */
export const referralRemovalInput = z.strictObject({ reason });
export type ReferralRemovalInput = z.input<typeof referralRemovalInput>;

/** `POST /referrals/:clientId/bonuses`: sessions granted or cancelled, and why. */
export const bonusChangeInput = z.strictObject({
  kind: z.enum(BONUS_CHANGE_KINDS),
  sessions: z.number().int().min(1).max(REFERRAL_SESSIONS_MAX),
  reason,
});
export type BonusChangeInput = z.input<typeof bonusChangeInput>;

/** `POST /referrals/:clientId/referrer`: a manager links a student to the family that brought it. */
export const referrerLinkInput = z.strictObject({ referrer_client_id: bodyId, reason });
export type ReferrerLinkInput = z.input<typeof referrerLinkInput>;

/** `GET /parent-dashboard/:token/referral`: the family's own referral, as its parents read it. */
export const familyReferralSchema = z.object({
  /** The booking page with the family's code; null when the project's booking is off. */
  url: z.string().nullable(),
  /** Why there is no link: the project takes no bookings now. */
  unavailable: z.enum(['booking_off']).nullable(),
  bonus: z.number().int(),
  /** Each reason, the other family named by its child's first name only. */
  reasons: z.array(
    z.object({
      kind: z.enum(BONUS_REASON_KINDS),
      sessions: z.number().int(),
      first_name: z.string().nullable(),
      at: z.string(),
    }),
  ),
  /** The families it brought, by their child's first name only. */
  brought: z.array(z.object({ first_name: z.string() })),
  /** The family that brought it, by the child's first name; null when none. */
  brought_by: z.string().nullable(),
});
export type FamilyReferral = z.infer<typeof familyReferralSchema>;
