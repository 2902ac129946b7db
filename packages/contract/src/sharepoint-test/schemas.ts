import { z } from 'zod';

/** Most slide images a check answers with: enough to see a deck renders, small enough to send. */
export const SHAREPOINT_TEST_SLIDES_MAX = 30;

/**
 * How a check went: the slides were rendered; or LibreOffice (or pdftoppm) is not installed here,
 * so decks get only their own thumbnail; or the tools ran and failed on this deck.
 */
export const SHAREPOINT_TEST_OUTCOMES = ['rendered', 'tools_missing', 'failed'] as const;
export type SharepointTestOutcome = (typeof SHAREPOINT_TEST_OUTCOMES)[number];

/**
 * `POST /sharepoint-test` (a form with one `file`, a .pptx): whether presentations can be shown
 * here, told by rendering this one as an exercise's deck is rendered. Nothing is kept.
 */
export const sharepointTestResultSchema = z.object({
  outcome: z.enum(SHAREPOINT_TEST_OUTCOMES),
  /** The uploaded file's name, as the page repeats it. */
  file_name: z.string(),
  /** The slides the deck holds (read from the deck itself, whatever the rendering did). */
  slide_count: z.number().int().min(0),
  /** The first `SHAREPOINT_TEST_SLIDES_MAX` slide images, as `data:image/png;base64,…` addresses. */
  slides: z.array(z.string()),
  /** How long LibreOffice and pdftoppm took together, in milliseconds (0 when they did not run). */
  render_ms: z.number().int().min(0),
  /** Why the slides are not shown (`tools_missing`, `failed`), in the caller's language. */
  reason: z.string().nullable(),
});
export type SharepointTestResult = z.infer<typeof sharepointTestResultSchema>;

/** The form's one field: an Upload the form reader made, checked by the server as a deck. */
export const sharepointTestBody = z.strictObject({
  file: z
    .unknown()
    .refine((value) => value !== undefined, { message: 'required' })
    .meta({ type: 'string', format: 'binary' }),
});
