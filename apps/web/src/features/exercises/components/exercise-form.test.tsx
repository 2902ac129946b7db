import { screen } from '@testing-library/react';
import { useForm } from '@mantine/form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../../testing/render.tsx';
import { ExerciseForm, valuesOf, type ExerciseValues } from './exercise-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

function Form({ submitHints }: { submitHints: boolean }) {
  const form = useForm<ExerciseValues>({ initialValues: valuesOf(null, 'en') });
  return (
    <ExerciseForm
      form={form}
      editable
      isNew={false}
      saving={false}
      withFlags={false}
      submitHints={submitHints}
      onSubmit={() => {}}
    />
  );
}

describe('the exercise form', () => {
  it.each([
    [true, 2],
    [false, 0],
  ])('says what sending to moderation needs only while it is to be sent (%s)', async (submitHints, count) => {
    fakeApi({
      'GET /workspaces/1/categories': () => json({ data: [] }),
      'GET /tags': () => json({ data: [] }),
    });
    await renderInApp(<Form submitHints={submitHints} />, { as: { roles: ['author'] } });
    await screen.findByRole('textbox', { name: 'Title' });
    expect(screen.queryAllByText('Required to submit for moderation.')).toHaveLength(count);
  });
});
