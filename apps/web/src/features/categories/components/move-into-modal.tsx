import type { Category, CategoryPlace } from '@logoschool/contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { placesOf, planMove } from '../tree-moves.ts';
import { ParentSelect } from './parent-select.tsx';

interface MoveIntoModalProps {
  category: Category | null;
  tree: Category[];
  onClose(): void;
  /** Sends the bulk items of the move. */
  onMove(category: Category, items: CategoryPlace[]): void;
}

/**
 * "Move into…": the keyboard's way to re-parent a category. Only parents outside its own subtree
 * are offered; it goes last among its new siblings, as a drop in the middle of a row does.
 */
export function MoveIntoModal({ category, tree, onClose, onMove }: MoveIntoModalProps) {
  const { t } = useTranslation();
  const [parent, setParent] = useState<number | null>(null);
  const [shownFor, setShownFor] = useState(category);
  if (category !== shownFor) {
    setShownFor(category);
    setParent(null);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!category || parent === null) return;
    const items = planMove(placesOf(tree), category.id, parent);
    onClose();
    if (items) onMove(category, items);
  };

  return (
    <Modal opened={category !== null} onClose={onClose} title={t('categories.moveIntoTitle')}>
      <form onSubmit={submit}>
        <Stack>
          <Text maw={400}>{t('categories.moveIntoText', { name: category?.name ?? '' })}</Text>
          <ParentSelect
            tree={tree}
            categoryId={category?.id ?? null}
            exclude={category?.parent}
            label={t('categories.newParent')}
            value={parent}
            onChange={setParent}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" disabled={parent === null}>
              {t('categories.move')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
