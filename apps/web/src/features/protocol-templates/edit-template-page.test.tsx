import type { Category, ProtocolTemplate, TemplateBlock } from '@logoschool/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import type * as ReactRouter from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp, type SentCall } from '../../testing/render.tsx';
import { EditTemplatePage } from './edit-template-page.tsx';

const params: { templateId?: string } = {};

vi.mock('react-router', async (original) => ({
  ...(await original<typeof ReactRouter>()),
  useParams: () => params,
}));

afterEach(() => {
  vi.unstubAllGlobals();
  delete params.templateId;
  document.body.innerHTML = '';
});

const category = (id: number, name: string, parent: number, isFolder: boolean, children: Category[] = []) =>
  ({
    id,
    name,
    description: '',
    parent,
    is_folder: isFolder,
    link_id: null,
    order: id,
    children,
  }) as Category;

/** Sounds holds two folders; Vocabulary only categories, so no block can take it. */
const TREE: Category[] = [
  category(1, 'Sounds', 0, true, [
    category(2, 'Whistling sounds', 1, true, [category(5, '[S]', 2, false)]),
    category(3, 'Hissing sounds', 1, true),
  ]),
  category(4, 'Vocabulary', 0, true, [category(6, 'Animals', 4, false)]),
];

const FIRST: TemplateBlock = {
  key: '0b6f5a3e-6f1e-4c69-9f57-6d0f8b1f4a11',
  target: 'Articulation',
  category_id: 1,
  category_name: 'Sounds',
  description_parents: 'Exercises for the tongue',
  description_educator: 'Use a mirror',
  min_presentations: 1,
  max_presentations: 3,
  folders: [
    {
      category_id: 2,
      category_name: 'Whistling sounds',
      description_parents: 'Words with [S]',
      indications_educator: 'Slowly',
    },
  ],
};

const TEMPLATE: ProtocolTemplate = {
  id: 7,
  title: 'Sound [S]',
  description: 'Setting the whistling sounds',
  blocks: [FIRST],
  status: 'draft',
  version: 0,
  writer: { id: 1, name: 'Oksana Moderator' },
  comment: '',
  actions: ['publish'],
  editable: true,
  plans: 0,
  updated_at: '2026-11-20T10:00:00.000Z',
};

/** The texts an input is described by: its hint and its error. */
const describing = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const block = (number: number) => screen.getByRole('region', { name: `Block ${number}` });
const sent = (calls: SentCall[], method: string) => calls.filter((call) => call.method === method);

async function pick(label: string, option: string, scope: HTMLElement = document.body) {
  fireEvent.click(within(scope).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** Fills what a new template needs besides its folders. */
async function fillNew() {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Title' }), { target: { value: 'Sound [Z]' } });
  const about = screen.getByRole('region', { name: 'About the template' });
  fireEvent.change(within(about).getByRole('textbox', { name: 'Description for the educator' }), {
    target: { value: 'Setting [Z]' },
  });
  fireEvent.change(within(block(1)).getByRole('textbox', { name: 'Target' }), {
    target: { value: 'Sound in syllables' },
  });
  await vi.waitFor(() =>
    expect(within(block(1)).getByRole('combobox', { name: 'Category' }).hasAttribute('disabled')).toBe(false),
  );
  await pick('Category', 'Sounds', block(1));
}

// A whole form of Mantine inputs: slow in jsdom on a busy machine.
describe('the template form', { timeout: 20_000 }, () => {
  it('offers the categories that hold folders, then the folders inside the chosen one', async () => {
    fakeApi({ 'GET /workspaces/1/categories': () => json({ data: TREE }) });
    await renderInApp(<EditTemplatePage />, { as: { roles: ['moderator'] } });
    await screen.findByRole('heading', { name: 'New protocol template' });
    await vi.waitFor(() =>
      expect(within(block(1)).getByRole('combobox', { name: 'Category' }).hasAttribute('disabled')).toBe(
        false,
      ),
    );
    fireEvent.click(within(block(1)).getByRole('combobox', { name: 'Category' }));
    await screen.findByRole('option', { name: 'Sounds' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Sounds']);
    fireEvent.click(screen.getByRole('option', { name: 'Sounds' }));
    fireEvent.click(within(block(1)).getByRole('combobox', { name: 'Add a folder' }));
    await screen.findByRole('option', { name: 'Whistling sounds' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Whistling sounds',
      'Hissing sounds',
    ]);
  });

  it('refuses a minimum above the maximum, under the maximum, and sends nothing', async () => {
    const calls = fakeApi({ 'GET /workspaces/1/categories': () => json({ data: TREE }) });
    await renderInApp(<EditTemplatePage />, { as: { roles: ['moderator'] } });
    await fillNew();
    await pick('Add a folder', 'Whistling sounds', block(1));
    const min = within(block(1)).getByRole('textbox', { name: 'Minimum presentations per lesson' });
    const max = within(block(1)).getByRole('textbox', { name: 'Maximum presentations per lesson' });
    fireEvent.change(min, { target: { value: '4' } });
    fireEvent.change(max, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(describing(max)).toContain('The maximum cannot be less than the minimum (4).'),
    );
    expect(max.getAttribute('aria-invalid')).toBe('true');
    expect(sent(calls, 'POST')).toEqual([]);
    // Lowering the minimum judges the maximum again.
    fireEvent.change(min, { target: { value: '2' } });
    fireEvent.blur(min);
    await vi.waitFor(() => expect(max.getAttribute('aria-invalid')).not.toBe('true'));
  });

  it('refuses a block without a folder (spec §5), then sends the template once one is added', async () => {
    const calls = fakeApi({
      'GET /workspaces/1/categories': () => json({ data: TREE }),
      'POST /templates': () => json({ data: { ...TEMPLATE, id: 8 } }, 201),
    });
    await renderInApp(<EditTemplatePage />, { as: { roles: ['moderator'] } });
    await fillNew();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const adding = within(block(1)).getByRole('combobox', { name: 'Add a folder' });
    await vi.waitFor(() => expect(describing(adding)).toContain('Choose at least 1 option.'));
    expect(sent(calls, 'POST')).toEqual([]);

    await pick('Add a folder', 'Hissing sounds', block(1));
    const folder = within(block(1)).getByRole('group', { name: 'Folder Hissing sounds' });
    fireEvent.change(within(folder).getByRole('textbox', { name: 'Description for parents' }), {
      target: { value: 'Words with [Z]' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(sent(calls, 'POST')).toHaveLength(1));
    expect(sent(calls, 'POST')[0]?.body).toEqual({
      title: 'Sound [Z]',
      description: 'Setting [Z]',
      blocks: [
        {
          target: 'Sound in syllables',
          category_id: 1,
          description_parents: '',
          description_educator: '',
          min_presentations: 1,
          max_presentations: 3,
          folders: [{ category_id: 3, description_parents: 'Words with [Z]', indications_educator: '' }],
        },
      ],
    });
  });

  it("shows the server's refusal under the folder it names", async () => {
    params.templateId = '7';
    fakeApi({
      'GET /workspaces/1/categories': () => json({ data: TREE }),
      'GET /templates/7': () => json({ data: TEMPLATE }),
      'PUT /templates/7': () =>
        json(
          {
            code: 'validation_failed',
            message: 'Please check the data you entered.',
            errors: { 'blocks.0.folders.0.category_id': ['Choose a folder inside the block’s category.'] },
          },
          422,
        ),
    });
    await renderInApp(<EditTemplatePage />, { as: { roles: ['moderator'] } });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Title' }), {
      target: { value: 'Sound [S], again' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const folder = within(block(1)).getByRole('group', { name: 'Folder Whistling sounds' });
    expect(await within(folder).findByText('Choose a folder inside the block’s category.')).toBeTruthy();
  });

  it('moves, adds and removes blocks, keeping each block its key', async () => {
    params.templateId = '7';
    const second = { ...FIRST, key: '5a1d7a0e-2b0c-4d5f-8f1a-3c2b1a0f9e88', target: 'Words' };
    const calls = fakeApi({
      'GET /workspaces/1/categories': () => json({ data: TREE }),
      'GET /templates/7': () => json({ data: { ...TEMPLATE, blocks: [...TEMPLATE.blocks, second] } }),
      'PUT /templates/7': () => json({ data: TEMPLATE }),
    });
    await renderInApp(<EditTemplatePage />, { as: { roles: ['moderator'] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Move block 2 up' }));
    expect(within(block(1)).getByRole('textbox', { name: 'Target' })).toHaveProperty('value', 'Words');
    fireEvent.click(screen.getByRole('button', { name: 'Add a block' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove block 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(sent(calls, 'PUT')).toHaveLength(1));
    const body = sent(calls, 'PUT')[0]?.body as { blocks: { key?: string; target: string }[] };
    expect(body.blocks.map((item) => [item.key, item.target])).toEqual([
      [second.key, 'Words'],
      [FIRST.key, 'Articulation'],
    ]);
  });

  it('saves unsaved changes before publishing, and publishes only once they are saved', async () => {
    params.templateId = '7';
    const calls = fakeApi({
      'GET /workspaces/1/categories': () => json({ data: TREE }),
      'GET /templates/7': () => json({ data: TEMPLATE }),
      'PUT /templates/7': (call) => json({ data: { ...TEMPLATE, ...(call.body as object) } }),
      'POST /templates/7/review': () =>
        json({ data: { ...TEMPLATE, status: 'published', version: 1, actions: [] } }),
    });
    await renderInApp(<EditTemplatePage />, { as: { roles: ['moderator'] } });
    const title = await screen.findByRole('textbox', { name: 'Title' });
    fireEvent.change(title, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(/fix them first/)).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);

    fireEvent.change(title, { target: { value: 'Sound [S], second edition' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await vi.waitFor(() => expect(sent(calls, 'POST')).toHaveLength(1));
    expect(
      calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`),
    ).toEqual(['PUT /templates/7', 'POST /templates/7/review']);
    expect(sent(calls, 'POST')[0]?.body).toEqual({ action: 'publish' });
    expect(await screen.findByText(/^Version 1 · /)).toBeTruthy();
  });

  it('asks the moderator what to change before returning a template to its writer', async () => {
    params.templateId = '7';
    const inReview: ProtocolTemplate = {
      ...TEMPLATE,
      status: 'moderation',
      writer: { id: 2, name: 'Iryna Teacher' },
      actions: ['return', 'publish'],
    };
    const calls = fakeApi({
      'GET /workspaces/1/categories': () => json({ data: TREE }),
      'GET /templates/7': () => json({ data: inReview }),
      'POST /templates/7/review': (call) =>
        json({ data: { ...inReview, status: 'draft', actions: ['publish'], ...(call.body as object) } }),
    });
    await renderInApp(<EditTemplatePage />, { as: { roles: ['moderator'] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Return to the writer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return the template to its writer' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return to the writer' }));
    const comment = within(dialog).getByRole('textbox', { name: /Comment for the writer/ });
    await vi.waitFor(() => expect(describing(comment)).toContain('Required.'));
    expect(sent(calls, 'POST')).toEqual([]);
    fireEvent.change(comment, { target: { value: 'Add a block for phrases' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return to the writer' }));
    await vi.waitFor(() => expect(sent(calls, 'POST')).toHaveLength(1));
    expect(sent(calls, 'POST')[0]?.body).toEqual({ action: 'return', comment: 'Add a block for phrases' });
    expect(await screen.findByText('Add a block for phrases')).toBeTruthy();
  });

  it('says how many plans are made from a published template and offers its versions', async () => {
    params.templateId = '7';
    fakeApi({
      'GET /workspaces/1/categories': () => json({ data: TREE }),
      'GET /templates/7': () =>
        json({ data: { ...TEMPLATE, status: 'published', version: 2, actions: [], plans: 3 } }),
    });
    await renderInApp(<EditTemplatePage />, { as: { roles: ['moderator'] } });
    const status = await screen.findByRole('region', { name: 'Status' });
    expect(within(status).getByText(/^Plans made from this template: 3\./)).toBeTruthy();
    expect(within(status).getByRole('button', { name: 'Versions and changes' })).toBeTruthy();
  });
});
