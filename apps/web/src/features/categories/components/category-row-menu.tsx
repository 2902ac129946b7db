import type { Category, CategoryPlace } from '@logoschool/contract';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconDots,
  IconFolderSymlink,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { planStep } from '../tree-moves.ts';
import type { TreeActions } from './category-tree.tsx';

interface CategoryRowMenuProps {
  category: Category;
  /** Whether the category is first or last among its siblings. */
  position: { first: boolean; last: boolean };
  places: CategoryPlace[];
  actions: TreeActions;
}

/**
 * A row's actions. "Move up", "Move down" and "Move into…" do by keyboard what drag and drop does
 * by pointer, through the same bulk call.
 */
export function CategoryRowMenu({ category, position, places, actions }: CategoryRowMenuProps) {
  const { t } = useTranslation();
  const step = (direction: -1 | 1) => {
    const items = planStep(places, category.id, direction);
    if (items) actions.move(category, items);
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray.7"
          size="lg"
          aria-label={t('categories.actionsFor', { name: category.name })}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => actions.add(category)}>
          {t('categories.addChild')}
        </Menu.Item>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => actions.edit(category)}>
          {t('categories.edit')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconArrowUp size={16} />}
          disabled={position.first || actions.busy}
          onClick={() => step(-1)}
        >
          {t('categories.moveUp')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconArrowDown size={16} />}
          disabled={position.last || actions.busy}
          onClick={() => step(1)}
        >
          {t('categories.moveDown')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconFolderSymlink size={16} />}
          disabled={actions.busy}
          onClick={() => actions.moveInto(category)}
        >
          {t('categories.moveInto')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red.9"
          leftSection={<IconTrash size={16} />}
          onClick={() => actions.remove(category)}
        >
          {t('categories.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
