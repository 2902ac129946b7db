import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import { renderInApp } from '../testing/render.tsx';
import { ConfirmDeleteModal } from './confirm-delete-modal.tsx';

describe('ConfirmDeleteModal', () => {
  it('asks in the area’s words, with the shared Cancel, and shows a refusal in the dialog', async () => {
    const onClose = vi.fn();
    const remove = vi
      .fn()
      .mockRejectedValue(
        new ApiError({ status: 409, code: 'conflict', message: 'The tag is used by exercises.' }),
      );
    await renderInApp(
      <ConfirmDeleteModal item={{ id: 3, name: 'rhymes' }} texts="tags" remove={remove} onClose={onClose} />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('rhymes');
    // Every text is a real one: no key of the catalogue shows through.
    expect(dialog.textContent).not.toMatch(/\b(tags|actions)\.\w+/);
    expect(screen.getByRole('button', { name: /^Cancel$/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Delete$/ }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The tag is used by exercises.'));
    expect(remove).toHaveBeenCalledWith(3);
    expect(onClose).not.toHaveBeenCalled();
  });
});
