import { templateReviewInput, type DocumentStep } from '@logoschool/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../testing/render.tsx';
import { DocumentStatusBar, type StatusTexts } from './status-bar.tsx';

afterEach(() => {
  document.body.innerHTML = '';
});

const texts: StatusTexts = {
  status: (status) => ({ draft: 'Draft', moderation: 'In review', published: 'Published' })[status],
  step: (step) => ({ submit: 'Send', withdraw: 'Take back', return: 'Return', publish: 'Publish' })[step],
  hint: 'Publish it when ready.',
  comment: {
    schema: templateReviewInput,
    texts: { title: 'Return it', hint: 'Say what to change.', label: 'Comment', submit: 'Return', max: 100 },
  },
};

describe('the status section of a versioned document', () => {
  it('shows where a document stands, its comment, what is made from it, and takes a step', async () => {
    const onStep = vi.fn(async () => null);
    await renderInApp(
      <DocumentStatusBar
        document={{
          status: 'draft',
          version: 2,
          writer: { name: 'Iryna Teacher' },
          comment: 'Add a block for phrases',
        }}
        texts={texts}
        steps={['publish']}
        pending={null}
        refusal={null}
        inUse="Plans made from it: 3."
        onStep={onStep}
      />,
    );
    const section = screen.getByRole('region', { name: 'Status' });
    expect(within(section).getByText('Draft')).toBeTruthy();
    expect(section.textContent).toContain('Version 2 · written by Iryna Teacher');
    expect(within(section).getByText('Add a block for phrases')).toBeTruthy();
    expect(within(section).getByText('Plans made from it: 3.')).toBeTruthy();
    expect(within(section).getByText('Publish it when ready.')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Publish' }));
    expect(onStep).toHaveBeenCalledWith('publish');
  });

  it('asks for a comment before a step that needs one, and shows a refusal', async () => {
    const onStep = vi.fn(async (_step: DocumentStep, _comment?: string) => null);
    const onDelete = vi.fn();
    await renderInApp(
      <DocumentStatusBar
        document={null}
        texts={texts}
        steps={['return', 'publish']}
        pending={null}
        refusal="The template cannot take this step."
        onStep={onStep}
        onDelete={onDelete}
      />,
    );
    expect(screen.getByText('Not published yet')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The template cannot take this step.');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Return' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return it' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return' }));
    await vi.waitFor(() => expect(within(dialog).getByText('Required.')).toBeTruthy());
    expect(onStep).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Comment/ }), {
      target: { value: 'Shorter' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Return' }));
    await vi.waitFor(() => expect(onStep).toHaveBeenCalledWith('return', 'Shorter'));
  });
});
