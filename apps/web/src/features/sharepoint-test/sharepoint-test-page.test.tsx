import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { SharepointTestPage } from './sharepoint-test-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

/** Chooses a deck in the page's hidden file input. */
function choose(name = 'Lesson.pptx') {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [new File(['deck'], name)] } });
}

describe('the presentation check', () => {
  it('sends the chosen deck and shows its slides and the times', async () => {
    const calls = fakeApi({
      'POST /sharepoint-test': () =>
        json({
          data: {
            outcome: 'rendered',
            file_name: 'Lesson.pptx',
            slide_count: 2,
            slides: [PNG, PNG],
            render_ms: 2450,
            reason: null,
          },
        }),
    });
    await renderInApp(<SharepointTestPage />, { as: { roles: ['author'] } });
    expect(screen.getByRole('heading', { name: 'Presentation check' })).toBeTruthy();
    choose();
    expect(await screen.findByText('Lesson.pptx: 2 slides ready to show')).toBeTruthy();
    expect(
      screen.getByText(/The server made the slides in 2\.5 s; with the upload the check took \d+\.\d s\./),
    ).toBeTruthy();
    expect(screen.getAllByRole('img').map((image) => image.getAttribute('alt'))).toEqual([
      'Slide 1',
      'Slide 2',
    ]);
    expect(calls.find((call) => call.method === 'POST')?.path).toBe('/sharepoint-test');
    expect(screen.getByRole('button', { name: 'Check another .pptx' })).toBeTruthy();
  });

  it('says how many slides are shown when the deck has more than the answer carries', async () => {
    fakeApi({
      'POST /sharepoint-test': () =>
        json({
          data: {
            outcome: 'rendered',
            file_name: 'Long.pptx',
            slide_count: 42,
            slides: Array.from({ length: 30 }, () => PNG),
            render_ms: 9000,
            reason: null,
          },
        }),
    });
    await renderInApp(<SharepointTestPage />, { as: { roles: ['moderator'] } });
    choose('Long.pptx');
    expect(await screen.findByText('Long.pptx: 42 slides ready to show')).toBeTruthy();
    expect(screen.getByText('Only the first 30 slides are shown here.')).toBeTruthy();
    expect(screen.getAllByRole('img')).toHaveLength(30);
  });

  it('says why the slides cannot be shown', async () => {
    fakeApi({
      'POST /sharepoint-test': () =>
        json({
          data: {
            outcome: 'tools_missing',
            file_name: 'Lesson.pptx',
            slide_count: 2,
            slides: [],
            render_ms: 0,
            reason: 'LibreOffice or pdftoppm is not installed on the server.',
          },
        }),
    });
    await renderInApp(<SharepointTestPage />, { as: { roles: ['teacher'] } });
    choose();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Presentations cannot be shown as slides here');
    expect(alert.textContent).toContain('LibreOffice or pdftoppm is not installed on the server.');
    expect(screen.queryAllByRole('img')).toEqual([]);
  });

  it('tells a file that is no .pptx in the server’s words', async () => {
    fakeApi({
      'POST /sharepoint-test': () =>
        json(
          {
            code: 'unsupported_media_type',
            message: 'Unsupported file type.',
            errors: { file: ['This is not a PowerPoint .pptx file: upload a presentation saved as .pptx.'] },
          },
          415,
        ),
    });
    await renderInApp(<SharepointTestPage />, { as: { roles: ['author'] } });
    choose('notes.pptx');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This is not a PowerPoint .pptx file: upload a presentation saved as .pptx.',
    );
  });
});
