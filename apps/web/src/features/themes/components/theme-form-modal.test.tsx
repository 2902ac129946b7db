import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderInApp } from '../../../testing/render.tsx';
import { ThemeFormModal } from './theme-form-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the theme form', () => {
  it("tells the contract's rules before sending: a gender, and 'from' not above 'to'", async () => {
    const calls = fakeApi({ 'POST /themes': () => json({ data: {} }, 201) });
    await renderInApp(<ThemeFormModal target={{ kind: 'create' }} onClose={() => {}} />, {
      as: { roles: ['moderator'] },
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'Cars' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Boys' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Girls' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Age from' }), { target: { value: '9' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Age to' }), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose at least 1 option.')).toBeTruthy();
    expect(screen.getByText('The age “from” cannot be greater than the age “to”.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Age from' }).getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('sends a theme that passes, its genders in order', async () => {
    const onClose = vi.fn();
    const calls = fakeApi({ 'POST /themes': () => json({ data: { name: 'Cars' } }, 201) });
    await renderInApp(<ThemeFormModal target={{ kind: 'create' }} onClose={onClose} />, {
      as: { roles: ['moderator'] },
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: ' Cars ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/themes',
      body: { name: 'Cars', genders: ['boy', 'girl'], type: 'general' },
    });
  });
});
