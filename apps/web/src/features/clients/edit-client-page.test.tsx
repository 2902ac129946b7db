import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../testing/render.tsx';
import { EditClientPage } from './edit-client-page.tsx';

vi.mock('../../app/session.tsx', () => ({ useActingAs: () => ({ workspace_id: 1, role_id: 5 }) }));

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** The texts an input is described by: its hint and its error. */
const describing = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the student form', () => {
  it("tells the contract's rules under their fields before sending anything", async () => {
    const calls = fakeApi({ 'POST /clients': () => json({ data: {} }, 201) });
    await renderInApp(<EditClientPage />);
    const child = await screen.findByRole('textbox', { name: "Child's name" });
    const birthdate = screen.getByLabelText('Date of birth');
    fireEvent.change(child, { target: { value: 'A' } });
    fireEvent.change(birthdate, { target: { value: tomorrow() } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The date cannot be in the future.');
    expect(describing(child)).toContain('At least 2 characters.');
    expect(describing(birthdate)).toContain('The date cannot be in the future.');
    // The parent's name was left empty: too short as well.
    expect(describing(screen.getByRole('textbox', { name: 'Parent (client)' }))).toContain(
      'At least 2 characters.',
    );
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('sends a student that passes, and shows the server’s refusal under its field', async () => {
    const calls = fakeApi({
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
});
