import {
  gameInput,
  type Game,
  type GameInput,
  type GameMode,
  type GameStage,
  type Language,
} from '@logoschool/contract';
import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import { contractValidate } from '../../lib/form.ts';

/**
 * A game's form values: the contract's input with a stable `uid` on every level and item (what the
 * lists move and React keys by; a saved one's uid is its key), and the choices not made yet as null
 * (the schema names them "required").
 */
export interface ItemValues {
  uid: string;
  key?: string;
  word: string;
  mode: GameMode;
  picture_file_id: number | null;
  audio_file_id: number | null;
}
export interface LevelValues {
  uid: string;
  key?: string;
  title: string;
  stage: GameStage;
  items: ItemValues[];
}
export interface GameValues {
  title: string;
  description: string;
  language: Language;
  category_id: number | null;
  theme_id: number | null;
  levels: LevelValues[];
}

const uid = () => crypto.randomUUID();

export const newItem = (mode: GameMode = 'say'): ItemValues => ({
  uid: uid(),
  word: '',
  mode,
  picture_file_id: null,
  audio_file_id: null,
});

/** A new level starts at the stage of the one before it (a stage never goes back). */
export const newLevel = (stage: GameStage = 'sound'): LevelValues => ({
  uid: uid(),
  title: '',
  stage,
  items: [newItem()],
});

/** The form's values of a game, or of a new one in the user's language with one level. */
export function valuesOf(game: Game | null, language: Language): GameValues {
  if (!game) {
    return {
      title: '',
      description: '',
      language,
      category_id: null,
      theme_id: null,
      levels: [newLevel()],
    };
  }
  return {
    title: game.title,
    description: game.description,
    language: game.language,
    category_id: game.category_id,
    theme_id: game.theme_id,
    levels: game.levels.map((level) => ({
      uid: level.key,
      key: level.key,
      title: level.title,
      stage: level.stage,
      items: level.items.map((item) => ({ uid: item.key, ...item })),
    })),
  };
}

/** The API body of the form's values: the uids dropped; a choice not made left for the schema to name. */
export function toBody(values: GameValues) {
  return {
    title: values.title,
    description: values.description,
    language: values.language,
    category_id: values.category_id,
    theme_id: values.theme_id,
    levels: values.levels.map(({ uid: _level, items, ...level }) => ({
      ...level,
      items: items.map(({ uid: _item, ...item }) => item),
    })),
  };
}

/** What a save sends: the form's body as the contract reads it. */
export const bodyOf = (values: GameValues): GameInput => gameInput.parse(toBody(values));

/** The form's check: the contract's schema, each message under the field it names (nested paths kept). */
export const gameValidate = (t: TFunction): ((values: GameValues) => FormErrors) =>
  contractValidate<GameValues>(gameInput, t, { toBody, fieldOf: (path) => path });
