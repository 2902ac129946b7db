import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Longest a conversion may take before it is killed: LibreOffice on a large deck, on a slow machine. */
const SOFFICE_TIMEOUT_MS = 180_000;
const PDFTOPPM_TIMEOUT_MS = 120_000;
/** What the tools may print; they say little, but a broken install can be chatty. */
const MAX_BUFFER = 4 * 1024 * 1024;
/** Slide images' resolution: small previews (a 10-inch slide is 600 pixels wide). */
const RESOLUTION_DPI = 60;

/**
 * The full path of a program: a path is taken as it is when it may be run, a bare name is looked
 * up in PATH as `which` does; null when there is none.
 */
export async function findProgram(program: string): Promise<string | null> {
  const candidates = program.includes('/')
    ? [program]
    : (process.env.PATH ?? '')
        .split(path.delimiter)
        .filter(Boolean)
        .map((dir) => path.join(dir, program));
  for (const candidate of candidates) {
    try {
      await fs.access(candidate, constants.X_OK);
      if ((await fs.stat(candidate)).isFile()) return candidate;
    } catch {
      // not here: try the next
    }
  }
  return null;
}

export interface RenderTools {
  soffice: string;
  pdftoppm: string;
}

/**
 * Renders a deck to one PNG per slide, in slide order: LibreOffice headless makes a PDF, pdftoppm
 * makes the images. Each tool runs with a timeout (then SIGKILL) in a temporary directory that is
 * removed afterwards, LibreOffice with a profile of its own so that runs do not wait on each other.
 */
export async function renderSlides(deck: Buffer, tools: RenderTools): Promise<Buffer[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'logoschool-slides-'));
  try {
    const input = path.join(dir, 'deck.pptx');
    await fs.writeFile(input, deck);
    const profile = pathToFileURL(path.join(dir, 'profile')).href;
    await run(
      tools.soffice,
      [
        `-env:UserInstallation=${profile}`,
        '--headless',
        '--norestore',
        '--convert-to',
        'pdf',
        '--outdir',
        dir,
        input,
      ],
      { timeout: SOFFICE_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: MAX_BUFFER, cwd: dir },
    );
    const pdf = path.join(dir, 'deck.pdf');
    await fs.access(pdf);
    const prefix = path.join(dir, 'slide');
    await run(tools.pdftoppm, ['-png', '-r', String(RESOLUTION_DPI), pdf, prefix], {
      timeout: PDFTOPPM_TIMEOUT_MS,
      killSignal: 'SIGKILL',
      maxBuffer: MAX_BUFFER,
      cwd: dir,
    });
    // pdftoppm pads page numbers to the width of the last one: slide-1.png or slide-01.png.
    const pages = (await fs.readdir(dir))
      .map((name) => ({ name, page: /^slide-(\d+)\.png$/.exec(name)?.[1] }))
      .filter((file): file is { name: string; page: string } => file.page !== undefined)
      .sort((a, b) => Number(a.page) - Number(b.page));
    // Awaited here: the directory goes in `finally`, which must wait for the reads.
    return await Promise.all(pages.map((file) => fs.readFile(path.join(dir, file.name))));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
