/**
 * `/sharepoint-test` (spec §2, issue 33 item 6): whether presentations can be shown here. A deck
 * is read as an exercise's upload is (the same caps and refusals) and rendered as the render job
 * renders one (LibreOffice, then pdftoppm), while the caller waits; nothing is kept.
 */
import { SHAREPOINT_TEST_SLIDES_MAX, type Language, type SharepointTestResult } from '@logoschool/contract';
import { performance } from 'node:perf_hooks';
import { AppError } from '../../errors/app-error.ts';
import { fieldMessage } from '../../errors/validation.ts';
import { findProgram, renderSlides } from '../../files/render-slides.ts';
import { checkedDeck } from './exercise-files.service.ts';

/** Where LibreOffice and pdftoppm may be (the render job's settings). */
export interface SharepointTestTools {
  sofficePath: string;
  pdftoppmPath: string;
}

/**
 * Checks running at once: each is a LibreOffice process of its own, seconds of CPU; past this many,
 * a caller is told to try again shortly rather than slowing everyone's slide images down.
 */
export const SHAREPOINT_TEST_CONCURRENCY = 2;
/** What a caller who finds every check busy is told to wait, in seconds. */
const BUSY_RETRY_SECONDS = 30;

let running = 0;

const asDataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/**
 * Renders the uploaded deck (`file`, an Upload of the form) and says how it went: its slides as
 * images and the time the tools took; or why not (the tools are missing, they failed, the deck has
 * no slides). 413/415/422 for a file that is no deck we take, as an exercise's upload; 429 while
 * `SHAREPOINT_TEST_CONCURRENCY` checks run.
 */
export async function runSharepointTest(
  tools: SharepointTestTools,
  file: unknown,
  lang: Language,
): Promise<SharepointTestResult> {
  const { upload, deck } = await checkedDeck(file, lang);
  const base = {
    file_name: upload.filename.split(/[\\/]/).pop()?.slice(0, 200) || 'presentation.pptx',
    slide_count: deck.slideTexts.length,
  };
  const refused = (outcome: 'tools_missing' | 'failed', reason: string): SharepointTestResult => ({
    ...base,
    outcome,
    slides: [],
    render_ms: 0,
    reason,
  });
  if (deck.slideTexts.length === 0) return refused('failed', fieldMessage(lang, 'sharepointTestNoSlides'));
  const soffice = await findProgram(tools.sofficePath);
  const pdftoppm = await findProgram(tools.pdftoppmPath);
  if (!soffice || !pdftoppm)
    return refused('tools_missing', fieldMessage(lang, 'sharepointTestToolsMissing'));
  if (running >= SHAREPOINT_TEST_CONCURRENCY) {
    throw new AppError('rate_limited', { seconds: BUSY_RETRY_SECONDS }, undefined, BUSY_RETRY_SECONDS);
  }
  running += 1;
  const started = performance.now();
  try {
    const images = await renderSlides(upload.content, { soffice, pdftoppm });
    const renderMs = Math.round(performance.now() - started);
    if (images.length === 0)
      return { ...refused('failed', fieldMessage(lang, 'sharepointTestFailed')), render_ms: renderMs };
    return {
      ...base,
      outcome: 'rendered',
      slides: images.slice(0, SHAREPOINT_TEST_SLIDES_MAX).map(asDataUrl),
      render_ms: renderMs,
      reason: null,
    };
  } catch {
    // LibreOffice's own words say nothing a reader could act on: the page says what to try.
    return {
      ...refused('failed', fieldMessage(lang, 'sharepointTestFailed')),
      render_ms: Math.round(performance.now() - started),
    };
  } finally {
    running -= 1;
  }
}
