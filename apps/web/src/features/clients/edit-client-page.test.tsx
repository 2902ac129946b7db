import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { EditClientPage } from './edit-client-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** The texts an input is described by: its hint and its error. */
const describing = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const THEMES = ['Dinosaurs', 'Space', 'Princesses'].map((name, index) => ({ id: index + 1, name }));

describe('the student form', () => {
  it("tells the contract's rules under their fields, on leaving a field and before sending anything", async () => {
    const calls = fakeApi({
      'POST /clients': () => json({ data: {} }, 201),
      'GET /themes': () => json({ data: [] }),
    });
    await renderInApp(<EditClientPage />);
    const child = await screen.findByRole('textbox', { name: "Child's name" });
    fireEvent.change(child, { target: { value: 'A' } });
    fireEvent.blur(child);
    await screen.findByText('At least 2 characters.');
    expect(describing(child)).toContain('At least 2 characters.');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The parent's name was left empty: it is required, not "too short".
    const parent = screen.getByRole('textbox', { name: 'Parent (client)' });
    await vi.waitFor(() => expect(describing(parent)).toContain('Required.'));
    expect(describing(parent)).not.toContain('characters');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("offers the project's themes as interests, and sends the picked ones by id", async () => {
    const calls = fakeApi({
      'GET /themes': () => json({ data: THEMES }),
      'POST /clients': () => json({ data: {} }, 201),
    });
    await renderInApp(<EditClientPage />);
    const interests = (await screen.findAllByLabelText('Interests (project themes)')).find(
      (element) => element.tagName === 'INPUT' && element.getAttribute('type') !== 'hidden',
    ) as HTMLElement;
    fireEvent.click(interests);
    await screen.findByRole('option', { name: 'Dinosaurs' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Dinosaurs',
      'Space',
      'Princesses',
    ]);
    // Asked as the teacher, in the chosen project.
    const asked = calls.find((call) => call.path === '/themes');
    expect(asked?.query.get('workspace_id')).toBe('1');
    fireEvent.click(screen.getByRole('option', { name: 'Space' }));
    fireEvent.change(screen.getByRole('textbox', { name: "Child's name" }), { target: { value: 'Sofiia' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Parent (client)' }), {
      target: { value: 'Olena Koval' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      theme_ids: [2],
      custom_themes: [],
      remote_id: '',
    });
  });

  it("refuses a parent's phone not in international format before sending", async () => {
    const calls = fakeApi({ 'GET /themes': () => json({ data: [] }) });
    await renderInApp(<EditClientPage />);
    const phone = await screen.findByRole('textbox', { name: "Parent's phone" });
    fireEvent.change(phone, { target: { value: '0501234567' } });
    fireEvent.blur(phone);
    await vi.waitFor(() => expect(describing(phone)).toContain('international format'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('picks the birthdate on a calendar from the decade down, and sends it as a calendar date', async () => {
    const calls = fakeApi({
      'GET /themes': () => json({ data: [] }),
      'POST /clients': () => json({ data: {} }, 201),
    });
    await renderInApp(<EditClientPage />);
    fireEvent.change(await screen.findByRole('textbox', { name: "Child's name" }), {
      target: { value: 'Sofiia' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Parent (client)' }), {
      target: { value: 'Olena Koval' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Date of birth' }));
    const calendar = await screen.findByRole('dialog');
    fireEvent.click(within(calendar).getByRole('button', { name: 'Previous decade' }));
    fireEvent.click(within(calendar).getByRole('button', { name: '2019' }));
    fireEvent.click(within(calendar).getByRole('button', { name: 'May' }));
    fireEvent.click(within(calendar).getByRole('button', { name: /^14 May 2019$|^14$/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ birthdate: '2019-05-14' });
  });

  it('sends a student that passes, and shows the server’s refusal under its field', async () => {
    const calls = fakeApi({
      'GET /themes': () => json({ data: [] }),
      'POST /clients': () =>
        json(
          {
            code: 'validation_failed',
            message: 'Please check the data you entered.',
            errors: { 'custom_themes.1': ['Values must not repeat.'] },
          },
          422,
        ),
    });
    await renderInApp(<EditClientPage />);
    fireEvent.change(await screen.findByRole('textbox', { name: "Child's name" }), {
      target: { value: 'Sofiia' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Parent (client)' }), {
      target: { value: 'Olena Koval' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Values must not repeat.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      child_name: 'Sofiia',
      client_name: 'Olena Koval',
      birthdate: null,
    });
  });

  it('warns of a student that looks the same before saving, links to it, and saves only when asked again', async () => {
    const duplicate = {
      id: 41,
      child_name: 'Sofiia Koval',
      client_name: 'Olena Koval',
      birthdate: null,
      parent_email: 'olena@example.test',
      matched: ['parent_email'],
    };
    const calls = fakeApi({
      'GET /themes': () => json({ data: [] }),
      'GET /clients/duplicates': () => json({ data: [duplicate] }),
      'POST /clients': () => json({ data: {} }, 201),
    });
    await renderInApp(<EditClientPage />);
    fireEvent.change(await screen.findByRole('textbox', { name: "Child's name" }), {
      target: { value: 'Sofiia Koval' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Parent (client)' }), {
      target: { value: 'Olena Koval' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: "Parent's email" }), {
      target: { value: 'Olena@Example.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain('This student may already be here');
    expect(warning.textContent).toContain("same parent's email");
    expect(within(warning).getByRole('link', { name: 'Sofiia Koval' }).getAttribute('href')).toBe(
      '/edit-client/41',
    );
    const asked = calls.find((call) => call.path === '/clients/duplicates');
    expect(asked?.query.get('parent_email')).toBe('Olena@Example.test');
    // Without a birthdate the child's name is not compared.
    expect(asked?.query.get('child_name')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.click(within(warning).getByRole('button', { name: 'Save anyway' }));
    await vi.waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
  });

  // Formerly e2e/clients.spec.ts's “another teacher's student is not found”; that the server answers
  // a student of another teacher as not found is apps/server/src/modules/clients/clients.test.ts's.
  it('says a student the API does not find is not found, or not yours', async () => {
    fakeApi({
      'GET /clients/5': () => json({ message: 'Not found', code: 'not_found' }, 404),
      'GET /themes': () => json({ data: [] }),
    });
    await renderInApp(
      <MemoryRouter initialEntries={['/edit-client/5']}>
        <Routes>
          <Route path="/edit-client/:clientId?" element={<EditClientPage />} />
        </Routes>
      </MemoryRouter>,
      { router: false },
    );
    expect(await screen.findByText('This student was not found, or is not yours.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: "Child's name" })).toBeNull();
  });
});
