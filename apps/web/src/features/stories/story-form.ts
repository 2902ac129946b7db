import { storyInput, type Language, type Story, type StoryInput } from '@logoschool/contract';
import type { TFunction } from 'i18next';
import { contractValidate } from '../../lib/form.ts';

/**
 * A story's form values: the contract's input with a stable `uid` on every episode, part and slide
 * (what the lists move and React keys by; a saved item's uid is its key), and a slide's image
 * possibly not chosen yet.
 */
export interface SlideValues {
  uid: string;
  key?: string;
  image_file_id: number | null;
  text: string;
  note: string;
  audio_file_id: number | null;
}
export interface PartValues {
  uid: string;
  key?: string;
  title: string;
  slides: SlideValues[];
}
export interface EpisodeValues {
  uid: string;
  key?: string;
  title: string;
  parts: PartValues[];
}
export interface StoryValues {
  title: string;
  description: string;
  language: Language;
  age_from: number;
  age_to: number;
  sounds: string[];
  category_ids: number[];
  episodes: EpisodeValues[];
}

const uid = () => crypto.randomUUID();

export const newSlide = (): SlideValues => ({
  uid: uid(),
  image_file_id: null,
  text: '',
  note: '',
  audio_file_id: null,
});
export const newPart = (): PartValues => ({ uid: uid(), title: '', slides: [newSlide()] });
export const newEpisode = (): EpisodeValues => ({ uid: uid(), title: '', parts: [newPart()] });

/** The form's values of a story, or of a new one in the user's language. */
export function valuesOf(story: Story | null, language: Language): StoryValues {
  if (!story) {
    return {
      title: '',
      description: '',
      language,
      age_from: 4,
      age_to: 7,
      sounds: [],
      category_ids: [],
      episodes: [newEpisode()],
    };
  }
  return {
    title: story.title,
    description: story.description,
    language: story.language,
    age_from: story.age_from,
    age_to: story.age_to,
    sounds: story.sounds,
    category_ids: story.category_ids,
    episodes: story.episodes.map((episode) => ({
      uid: episode.key,
      key: episode.key,
      title: episode.title,
      parts: episode.parts.map((part) => ({
        uid: part.key,
        key: part.key,
        title: part.title,
        slides: part.slides.map((slide) => ({ uid: slide.key, ...slide })),
      })),
    })),
  };
}

/** The API body of the form's values: the uids dropped; an unchosen image left for the schema to name. */
export function toBody(values: StoryValues) {
  return {
    title: values.title,
    description: values.description,
    language: values.language,
    age_from: values.age_from,
    age_to: values.age_to,
    sounds: values.sounds,
    category_ids: values.category_ids,
    episodes: values.episodes.map(({ uid: _episode, parts, ...episode }) => ({
      ...episode,
      parts: parts.map(({ uid: _part, slides, ...part }) => ({
        ...part,
        slides: slides.map(({ uid: _slide, ...slide }) => slide),
      })),
    })),
  };
}

/** What a save sends: the form's body as the contract reads it. */
export const bodyOf = (values: StoryValues): StoryInput => storyInput.parse(toBody(values));

/** The form's check: the contract's schema, each message under the field it names (nested paths kept). */
export const storyValidate = (t: TFunction) =>
  contractValidate<StoryValues>(storyInput, t, { toBody, fieldOf: (path) => path });
