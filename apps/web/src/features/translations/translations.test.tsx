import type { TranslationEntry } from '@logoschool/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { TextEditor } from './components/text-editor.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const form = (key: string, shipped: string) => ({
  key,
  form: /_(\w+)$/.exec(key)?.[1] ?? null,
  shipped,
  published: null,
  draft: null,
});

/** A counted text as the API gives it: `lessons.count` with {{count}} and {{name}}. */
const ENTRY: TranslationEntry = {
  key: 'lessons.count',
  counted: true,
  placeholders: ['count', 'name'],
  languages: {
    en: {
      forms: [
        form('lessons.count_one', '{{name}}: {{count}} lesson'),
        form('lessons.count_other', '{{name}}: {{count}} lessons'),
      ],
      missing: false,
      same: false,
    },
    uk: {
      forms: ['few', 'many', 'one', 'other'].map((suffix) =>
        form(`lessons.count_${suffix}`, `{{name}}: {{count}} уроків`),
      ),
      missing: false,
      same: false,
    },
    ru: { forms: [], missing: false, same: false },
    pl: { forms: [], missing: false, same: false },
  },
};

const history = () => json({ data: [], meta: { total: 0, page: 1, per_page: 20 } });

describe('the text editor', () => {
  it('refuses a plural form without {{count}} and a dropped placeholder before sending anything', async () => {
    const calls = fakeApi({ 'GET /translations/history': history });
    await renderInApp(<TextEditor entry={ENTRY} language="uk" onDone={() => {}} />, {
      as: { roles: 'root' },
    });
    expect(screen.getByText('Keep the placeholders: {{count}}, {{name}}.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Few' }), {
      target: { value: '{{name}}: кілька уроків' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Many' }), {
      target: { value: '{{count}} уроків' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save the draft' }));
    expect(await screen.findByText('A plural form keeps the number: {{count}}.')).toBeTruthy();
    expect(
      screen.getByText('Keep exactly the placeholders of the English text: {{count}}, {{name}}.'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('saves every form of the text as a draft', async () => {
    const done = vi.fn();
    const calls = fakeApi({
      'GET /translations/history': history,
      'PUT /translations/drafts': () => json({ data: ENTRY }),
    });
    await renderInApp(<TextEditor entry={ENTRY} language="uk" onDone={done} />, { as: { roles: 'root' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'One' }), {
      target: { value: '{{name}}: {{count}} урок' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save the draft' }));
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      language: 'uk',
      key: 'lessons.count',
      texts: {
        'lessons.count_few': '{{name}}: {{count}} уроків',
        'lessons.count_many': '{{name}}: {{count}} уроків',
        'lessons.count_one': '{{name}}: {{count}} урок',
        'lessons.count_other': '{{name}}: {{count}} уроків',
      },
    });
  });
});
