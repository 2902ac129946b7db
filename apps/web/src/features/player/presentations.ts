import type { Lesson, LessonPresentation, LessonStoryPart } from '@logoschool/contract';

/** A presentation as the player shows it: the exercise, its block's target and its place. */
export interface PlayerItem extends LessonPresentation {
  target: string;
  /** Its place in the lesson, from 0. */
  index: number;
}

/** The lesson's presentations in the order they are played: block by block, each in its order. */
export function playerItems(lesson: Lesson): PlayerItem[] {
  return lesson.blocks
    .flatMap((block) =>
      block.presentations.map((presentation) => ({ ...presentation, target: block.target })),
    )
    .map((item, index) => ({ ...item, index }));
}

/** A story part as the player shows it: its slides after the lesson's presentations, and its place. */
export interface PlayerPart {
  part: LessonStoryPart;
  /** Its place in the lesson, from 0 (after every presentation). */
  index: number;
}

/** The lesson's story parts in the order they are played: after the presentations, in the order added. */
export function playerParts(lesson: Lesson): PlayerPart[] {
  const after = playerItems(lesson).length;
  return lesson.story_parts.map((part, index) => ({ part, index: after + index }));
}

/** Where the player is: the presentation, and its slide (-1: the last, once its slides are known). */
export interface PlayerPlace {
  index: number;
  slide: number;
}

/** The slide shown of a presentation with `count` slides (0 when it has none). */
export const shownSlide = (place: PlayerPlace, count: number) =>
  count === 0 ? 0 : place.slide < 0 ? count - 1 : Math.min(place.slide, count - 1);

/** The next place: the next slide, or the next presentation's first; null at the very end. */
export function nextPlace(place: PlayerPlace, count: number, items: number): PlayerPlace | null {
  const slide = shownSlide(place, count);
  if (slide < count - 1) return { index: place.index, slide: slide + 1 };
  if (place.index < items - 1) return { index: place.index + 1, slide: 0 };
  return null;
}

/** The previous place: the previous slide, or the previous presentation's last; null at the start. */
export function previousPlace(place: PlayerPlace, count: number): PlayerPlace | null {
  const slide = shownSlide(place, count);
  if (slide > 0) return { index: place.index, slide: slide - 1 };
  if (place.index > 0) return { index: place.index - 1, slide: -1 };
  return null;
}
