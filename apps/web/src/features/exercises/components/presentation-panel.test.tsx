import type { Exercise, ExerciseSlides } from '@logoschool/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../../testing/render.tsx';
import { PresentationPanel } from './presentation-panel.tsx';

const exercise = {
  id: 7,
  title: 'Whistling sounds',
  presentation: { file_id: 31, name: 'whistling.pptx', slide_count: 3 },
} as Exercise;

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

function slidesApi(first: ExerciseSlides) {
  let slides = first;
  return fakeApi({
    'GET /exercises/7/slides': () => json({ data: slides }),
    'POST /exercises/files/actualize-file': () => {
      slides = { status: 'pending', message: null, slides: [] };
      return json({ data: slides });
    },
  });
}

describe('rendering the slides again', () => {
  it.each(['failed', 'thumbnail'] as const)(
    'is offered after %s, and the progress shows again',
    async (status) => {
      const calls = slidesApi({ status, message: 'No slide images.', slides: [] });
      await renderInApp(<PresentationPanel exercise={exercise} editable />, { as: { roles: ['author'] } });
      fireEvent.click(await screen.findByRole('button', { name: 'Render slides again' }));
      await waitFor(() =>
        expect(calls.find((call) => call.method === 'POST')).toMatchObject({ body: { file_id: 31 } }),
      );
      expect(await screen.findByText('Making the slide images…')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Render slides again' })).toBeNull();
    },
  );

  it('is not offered when the slides are ready, nor to those who may not edit', async () => {
    slidesApi({ status: 'failed', message: 'No slide images.', slides: [] });
    await renderInApp(<PresentationPanel exercise={exercise} editable={false} />, {
      as: { roles: ['author'] },
    });
    expect(await screen.findByText('No slide images.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Render slides again' })).toBeNull();
    document.body.innerHTML = '';

    slidesApi({ status: 'ready', message: null, slides: [] });
    await renderInApp(<PresentationPanel exercise={exercise} editable />, { as: { roles: ['author'] } });
    expect(await screen.findByText('whistling.pptx: 3 slides')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Render slides again' })).toBeNull();
  });
});
