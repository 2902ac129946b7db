import type { DocumentStep } from '@logoschool/contract';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorTextOf } from '../../api/form-errors.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useUnsavedChanges } from '../unsaved-changes.tsx';
import { focusFirstProblem } from './document-frame.tsx';

/** What an editor's document must have for its saves and steps. */
interface Saved {
  id: number;
}

export interface DocumentEditingOptions<Values, Document extends Saved> {
  form: UseFormReturnType<Values>;
  /** The document's id; null for a new one, which its first save creates. */
  id: number | null;
  /** Sends the values (the area's body from them); the saved document. */
  save: (values: Values) => Promise<Document>;
  /** The form's values of a saved document (the form starts again from them). */
  valuesOf: (document: Document) => Values;
  /** Takes a status step on a saved document; what it answers carries the version published. */
  step: (id: number, action: DocumentStep, comment?: string) => Promise<{ version: number }>;
  /** Puts a refused save's field messages on the form; false when the refusal names no field. */
  showErrors: (error: unknown) => boolean;
  /** Where a document is edited, once its first save gave it an id. */
  editPath: (id: number) => string;
  texts: {
    created: (document: Document) => string;
    saved: string;
    /** Why a step waits: the form has problems to fix first. */
    fixFirst: string;
    done: (action: DocumentStep, version: number) => string;
    /** What a refused step says when its refusal landed on the form's fields (else the server's words). */
    gaps?: string;
  };
}

/**
 * The versioned-document editors' one way to save and to take a step (decision 030): a save sends
 * the form, starts it again from what was saved, and takes a new document to its own address; a
 * step first saves what is not saved yet (refused, with the form's problems shown, when it cannot).
 * Leaving with unsaved changes asks first (decision 033).
 */
export function useDocumentEditing<Values, Document extends Saved>(
  options: DocumentEditingOptions<Values, Document>,
) {
  const { form, id, texts } = options;
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState<DocumentStep | null>(null);
  const dirty = form.isDirty();
  const { release } = useUnsavedChanges(dirty);

  /** Sends the values; the saved document, or null when refused (the form says why). */
  const persist = async (values: Values): Promise<Document | null> => {
    setFormError(null);
    try {
      const saved = await options.save(values);
      const reset = options.valuesOf(saved);
      form.setValues(reset);
      form.resetDirty(reset);
      if (id === null) {
        notifySuccess(texts.created(saved));
        release();
        void navigate(options.editPath(saved.id), { replace: true });
      } else {
        notifySuccess(texts.saved);
      }
      return saved;
    } catch (error) {
      if (options.showErrors(error)) focusFirstProblem();
      else setFormError(errorTextOf(error));
      return null;
    }
  };

  /** A step, after saving what is not saved yet: null when taken, else why not. */
  const takeStep = async (action: DocumentStep, comment?: string): Promise<string | null> => {
    setRefusal(null);
    setPending(action);
    // The return dialog says its own refusal; the status bar says the others.
    const refuse = (text: string) => {
      if (action !== 'return') setRefusal(text);
      return text;
    };
    try {
      let current = id;
      if (dirty || current === null) {
        if (form.validate().hasErrors) {
          focusFirstProblem();
          return refuse(texts.fixFirst);
        }
        const saved = await persist(form.getValues());
        if (!saved) return refuse(texts.fixFirst);
        current = saved.id;
      }
      const moved = await options.step(current, action, comment);
      notifySuccess(texts.done(action, moved.version));
      return null;
    } catch (error) {
      const onFields = options.showErrors(error);
      if (onFields) focusFirstProblem();
      return refuse(onFields && texts.gaps ? texts.gaps : errorTextOf(error));
    } finally {
      setPending(null);
    }
  };

  return { persist, takeStep, formError, refusal, pending, dirty };
}
