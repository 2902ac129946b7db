import type { Plan } from '@logoschool/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { PlanEditor } from './edit-plan-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const ARTICULATION = '6f1c1c1e-1111-4c69-9f57-6d0f8b1f4a11';
const PHRASES = '6f1c1c1e-2222-4c69-9f57-6d0f8b1f4a11';

/** A plan of two blocks: the first filled (1 to 4 presentations), the second waiting for a folder. */
function planOf(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 7,
    client: { id: 3, child_name: 'Marko' },
    template: { id: 2, title: 'Sound [R]', version: 1, latest_version: 1 },
    deadline: '2099-06-30',
    lessons: 10,
    status: 'pending',
    sent_at: null,
    updated_at: '2026-11-20T10:00:00.000Z',
    template_update: null,
    template_update_kept: false,
    blocks: [
      {
        key: ARTICULATION,
        target: 'Articulation',
        category_name: 'Sounds',
        description_parents: 'We warm up the tongue.',
        description_educator: 'Start with the mirror.',
        template_min: 1,
        template_max: 4,
        min_presentations: 1,
        max_presentations: 4,
        folder_id: 11,
        folders: [
          {
            category_id: 11,
            category_name: 'Whistling sounds',
            description_parents: '',
            indications_educator: 'S before Z',
          },
          {
            category_id: 12,
            category_name: 'Hissing sounds',
            description_parents: '',
            indications_educator: '',
          },
        ],
      },
      {
        key: PHRASES,
        target: 'Phrases',
        category_name: 'Sounds',
        description_parents: '',
        description_educator: '',
        template_min: 2,
        template_max: 3,
        min_presentations: 2,
        max_presentations: 3,
        folder_id: null,
        folders: [
          {
            category_id: 12,
            category_name: 'Hissing sounds',
            description_parents: 'Short phrases',
            indications_educator: '',
          },
        ],
      },
    ],
    ...overrides,
  };
}

/** The same plan with its second block's folder picked too. */
function filledPlan(): Plan {
  const plan = planOf();
  return {
    ...plan,
    blocks: plan.blocks.map((one) => (one.key === PHRASES ? { ...one, folder_id: 12 } : one)),
  };
}

const block = (target: string) => screen.getByRole('region', { name: target });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save plan' }));

describe('the plan form', () => {
  it('refuses a block without a folder on that block, and sends nothing (spec §5)', async () => {
    const calls = fakeApi({ 'PUT /protocols/7': () => json({ data: planOf() }) });
    await renderInApp(<PlanEditor plan={planOf()} refresh={async () => {}} />);
    save();
    expect(
      await within(block('Phrases')).findByText('Choose a folder for the block “Phrases”.'),
    ).toBeTruthy();
    expect(within(block('Articulation')).queryByText(/Choose a folder/)).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('1 block needs attention (2)');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    // With its folder picked, the plan goes, every block with its folder and bounds.
    fireEvent.click(within(block('Phrases')).getByRole('radio', { name: /Hissing sounds/ }));
    save();
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      deadline: '2099-06-30',
      blocks: [
        { key: ARTICULATION, folder_id: 11, min_presentations: 1, max_presentations: 4 },
        { key: PHRASES, folder_id: 12, min_presentations: 2, max_presentations: 3 },
      ],
    });
  });

  it('refuses bounds outside the template’s, and a maximum below the minimum', async () => {
    const calls = fakeApi({ 'PUT /protocols/7': () => json({ data: planOf() }) });
    const filled = filledPlan();
    await renderInApp(<PlanEditor plan={filled} refresh={async () => {}} />);
    const max = within(block('Articulation')).getByRole('textbox', {
      name: 'Maximum presentations per lesson',
    });
    fireEvent.change(max, { target: { value: '5' } });
    fireEvent.blur(max);
    expect(
      await within(block('Articulation')).findByText('Keep within the template’s bounds: 1 to 4.'),
    ).toBeTruthy();
    save();
    await screen.findByRole('alert');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    fireEvent.change(max, { target: { value: '1' } });
    const min = within(block('Articulation')).getByRole('textbox', {
      name: 'Minimum presentations per lesson',
    });
    fireEvent.change(min, { target: { value: '3' } });
    save();
    expect(
      await within(block('Articulation')).findByText('The maximum cannot be less than the minimum (3).'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('shows the server’s refusal on the block it names', async () => {
    fakeApi({
      'PUT /protocols/7': () =>
        json(
          {
            code: 'validation_failed',
            message: 'Please check the data you entered.',
            errors: { 'blocks.1.folder_id': ['Choose one of the folders this block offers.'] },
          },
          422,
        ),
    });
    const filled = filledPlan();
    await renderInApp(<PlanEditor plan={filled} refresh={async () => {}} />);
    save();
    expect(
      await within(block('Phrases')).findByText('Choose one of the folders this block offers.'),
    ).toBeTruthy();
  });

  it('shows a newer template version block by block, applies the version shown, and says when another came', async () => {
    let answer = json({ code: 'template_version_changed', message: 'The template has changed.' }, 409);
    const calls = fakeApi({ 'POST /protocols/7/template-update': () => answer });
    const refresh = vi.fn(async () => {});
    const plan = planOf({
      template: { id: 2, title: 'Sound [R]', version: 1, latest_version: 2 },
      template_update: {
        title: false,
        description: true,
        blocks: [
          {
            kind: 'changed',
            key: ARTICULATION,
            target: 'Articulation',
            changes: ['bounds'],
            from: { min: 1, max: 4 },
            to: { min: 1, max: 2 },
          },
          { kind: 'added', key: 'new', target: 'Stories', to: { min: 2, max: 3 } },
          { kind: 'removed', key: PHRASES, target: 'Phrases', from: { min: 2, max: 3 } },
        ],
      },
    });
    await renderInApp(<PlanEditor plan={plan} refresh={refresh} />);
    const banner = screen.getByRole('region', { name: 'The template was updated (v1 → v2)' });
    const items = within(banner)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      expect.stringMatching(
        /^Changed\s*Articulation.*presentation bounds.*1–4 presentations per lesson → 1–2/,
      ),
      expect.stringMatching(/^New block\s*Stories.*without a folder.*2–3 presentations per lesson/),
      expect.stringMatching(/^Removed block\s*Phrases.*2–3 presentations per lesson/),
    ]);
    expect(within(banner).getByText('The description for the educator changed.')).toBeTruthy();

    fireEvent.click(within(banner).getByRole('button', { name: 'Apply v2' }));
    expect(
      await within(banner).findByText(/Another version of the template was published meanwhile/),
    ).toBeTruthy();
    expect(refresh).toHaveBeenCalled();
    expect(calls.at(-1)?.body).toEqual({ version: 2, action: 'apply' });

    answer = json({ data: { ...plan, template_update_kept: true } });
    fireEvent.click(within(banner).getByRole('button', { name: 'Keep my plan as it is' }));
    await vi.waitFor(() => expect(calls.at(-1)?.body).toEqual({ version: 2, action: 'keep' }));
  });

  it('waits for unsaved changes before applying, and shows a kept version quietly', async () => {
    const plan = planOf({
      template: { id: 2, title: 'Sound [R]', version: 1, latest_version: 2 },
      template_update: { title: true, description: false, blocks: [] },
      template_update_kept: true,
    });
    fakeApi({});
    await renderInApp(<PlanEditor plan={plan} refresh={async () => {}} />);
    expect(screen.getByText('Template v2 is available — you kept your plan.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply v2' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show difference' }));
    const apply = screen.getByRole('button', { name: 'Apply v2' });
    expect(apply.hasAttribute('disabled')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Keep my plan as it is' })).toBeNull();
    fireEvent.click(within(block('Phrases')).getByRole('radio', { name: /Hissing sounds/ }));
    expect(screen.getByRole('button', { name: 'Apply v2' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Save or undo your changes to the plan first.')).toBeTruthy();
  });
});
