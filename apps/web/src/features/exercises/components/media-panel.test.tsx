import type { Exercise, ExerciseMedia } from '@logoschool/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, file, json, renderInApp } from '../../../testing/render.tsx';
import { MediaPanel, markOf, markOptions } from './media-panel.tsx';

const exercise = { id: 7, title: 'Whistling sounds' } as Exercise;

function media(overrides: Partial<ExerciseMedia>): ExerciseMedia {
  return {
    id: 1,
    kind: 'image',
    name: 'image1.png',
    mime: 'image/png',
    size: 100,
    slides: [1, 3],
    asset_type: null,
    file_url: '/api/exercises/7/media/1/file',
    ...overrides,
  };
}

const picture = media({});
const sound = media({
  id: 2,
  kind: 'audio',
  name: 'media1.mp3',
  mime: 'audio/mpeg',
  slides: [],
  asset_type: 'sound',
  file_url: '/api/exercises/7/media/2/file',
});

function deckApi(images: ExerciseMedia[], audios: ExerciseMedia[]) {
  let saved = images;
  return fakeApi({
    'GET /exercises/7/images': () => json({ data: saved }),
    'GET /exercises/7/audios': () => json({ data: audios }),
    'GET /exercises/7/media/1/file': () => file(),
    'GET /exercises/7/media/2/file': () => file(),
    'PUT /exercises/7/media/1': (call) => {
      const body = call.body as { asset_type: ExerciseMedia['asset_type'] };
      saved = saved.map((item) => (item.id === 1 ? { ...item, asset_type: body.asset_type } : item));
      return json({ data: saved[0] });
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the choices of a mark', () => {
  it('offer keep and the asset types that fit the kind', () => {
    const label = (type: string) => type.toUpperCase();
    expect(markOptions('image', label, 'Keep').map((option) => option.value)).toEqual([
      'keep',
      'background',
      'character',
      'prop',
    ]);
    expect(markOptions('audio', label, 'Keep')).toEqual([
      { value: 'keep', label: 'Keep' },
      { value: 'sound', label: 'SOUND' },
    ]);
  });

  it('send null for keep', () => {
    expect(markOf('keep')).toBeNull();
    expect(markOf(null)).toBeNull();
    expect(markOf('prop')).toBe('prop');
  });
});

describe('the pictures and sounds panel', () => {
  it('shows each picture and sound with its slides and its mark, and saves a new mark at once', async () => {
    const calls = deckApi([picture], [sound]);
    await renderInApp(<MediaPanel exercise={exercise} editable />, { as: { roles: ['moderator'] } });

    const image = await screen.findByRole('group', { name: 'image1.png' });
    expect(within(image).getByText('On slides: 1, 3')).toBeTruthy();
    expect(await within(image).findByRole('img', { name: 'Picture “image1.png”' })).toBeTruthy();
    const audio = screen.getByRole('group', { name: 'media1.mp3' });
    expect(within(audio).getByText('Not shown on any slide')).toBeTruthy();
    expect(within(audio).getByRole('combobox', { name: 'In themed versions, replace with' })).toHaveProperty(
      'value',
      'Sound',
    );

    fireEvent.click(within(image).getByRole('combobox', { name: 'In themed versions, replace with' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Character' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
        path: '/exercises/7/media/1',
        body: { asset_type: 'character' },
      }),
    );
    await waitFor(() =>
      expect(
        within(image).getByRole('combobox', { name: 'In themed versions, replace with' }),
      ).toHaveProperty('value', 'Character'),
    );
  });

  it('tells a refused mark and keeps the saved one', async () => {
    fakeApi({
      'GET /exercises/7/images': () => json({ data: [picture] }),
      'GET /exercises/7/audios': () => json({ data: [] }),
      'GET /exercises/7/media/1/file': () => file(),
      'PUT /exercises/7/media/1': () =>
        json({ message: 'You may not change this exercise.', code: 'forbidden' }, 403),
    });
    await renderInApp(<MediaPanel exercise={exercise} editable />, { as: { roles: ['moderator'] } });
    const image = await screen.findByRole('group', { name: 'image1.png' });
    fireEvent.click(within(image).getByRole('combobox', { name: 'In themed versions, replace with' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Prop' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'The mark of “image1.png” was not saved: You may not change this exercise.',
    );
    expect(within(image).getByRole('combobox', { name: 'In themed versions, replace with' })).toHaveProperty(
      'value',
      'Keep as it is',
    );
  });

  it('shows the marks as text to those who may not change them', async () => {
    deckApi([media({ asset_type: 'background' })], [sound]);
    await renderInApp(<MediaPanel exercise={exercise} editable={false} />, { as: { roles: ['moderator'] } });
    const image = await screen.findByRole('group', { name: 'image1.png' });
    expect(within(image).queryByRole('combobox')).toBeNull();
    expect(image.textContent).toContain('In themed versions, replace with: Background');
  });

  it('says so when the deck has neither pictures nor sounds', async () => {
    deckApi([], []);
    await renderInApp(<MediaPanel exercise={exercise} editable />, { as: { roles: ['moderator'] } });
    expect(await screen.findByText('The deck has no pictures or sounds.')).toBeTruthy();
  });
});
