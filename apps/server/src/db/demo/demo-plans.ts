/**
 * The demo school's protocol templates and the demo teacher's students (issue 14), as
 * `seed-protocols.ts` writes them.
 */
import type { Language } from '@logoschool/contract';

/** A block of a demo template: its category and folders by name (of the demo category tree). */
interface DemoBlock {
  target: string;
  category: string;
  parents: string;
  educator: string;
  min: number;
  max: number;
  folders: { name: string; parents: string; educator: string }[];
}

export interface DemoTemplate {
  title: string;
  description: string;
  publish: boolean;
  blocks: DemoBlock[];
}

export const DEMO_TEMPLATES: readonly DemoTemplate[] = [
  {
    title: 'Sound setting for [R]',
    description:
      'For children of 5–8 whose [R] is missing or replaced. Start with hearing the sound, then set it, then bring it into syllables and words.',
    publish: true,
    blocks: [
      {
        target: 'Hearing [R] among other sounds',
        category: 'Sounds',
        parents: 'Your child learns to hear the sound [R] and tell it from sounds that are alike.',
        educator: 'Short listening games at the start of every lesson; the child claps on [R].',
        min: 1,
        max: 2,
        folders: [
          {
            name: 'Telling sounds apart',
            parents: 'Games that compare [R] with [L] and other close sounds.',
            educator: 'Pick pairs by the child’s substitution: [R]–[L] first.',
          },
          {
            name: 'Sonorant sounds',
            parents: 'Listening to [R] and [L] in words and short rhymes.',
            educator: 'Use when the child does not substitute yet: hearing before speaking.',
          },
        ],
      },
      {
        target: 'Setting [R]',
        category: 'Sounds',
        parents: 'Exercises that help the tongue find the right place for [R].',
        educator: 'Mechanical help only with a spatula you have shown the parent; stop on any discomfort.',
        min: 2,
        max: 4,
        folders: [
          {
            name: 'Sonorant sounds',
            parents: 'Exercises for [R] with pictures and sounds the child likes.',
            educator: 'From the vibration of the tongue tip to an isolated [R].',
          },
        ],
      },
      {
        target: 'Bringing [R] into syllables and words',
        category: 'Sounds',
        parents: 'Your child says [R] in syllables, then in words, then in short phrases.',
        educator:
          'Syllables with [R] first after vowels, then before them; words with [R] at the start last.',
        min: 2,
        max: 3,
        folders: [
          {
            name: 'Sonorant sounds',
            parents: 'Words and phrases with [R] around the child’s interests.',
            educator: 'Ten repetitions of a syllable before going on; praise each one.',
          },
          {
            name: 'Telling sounds apart',
            parents: 'Words where [R] and [L] meet, said slowly and clearly.',
            educator: 'Only once [R] holds in syllables: otherwise the child mixes them again.',
          },
        ],
      },
    ],
  },
  {
    title: 'Whistling sounds [S], [Z], [Ts]',
    description:
      'For children who lisp or replace the whistling sounds. Works through hearing, setting and automation of [S], [Z] and [Ts].',
    publish: true,
    blocks: [
      {
        target: 'Hearing the whistling sounds',
        category: 'Sounds',
        parents: 'Your child learns to hear [S], [Z] and [Ts] and tell them from the hissing sounds.',
        educator: 'Compare with [Sh] only after [S] is heard reliably alone.',
        min: 1,
        max: 2,
        folders: [
          {
            name: 'Whistling sounds',
            parents: 'Listening games with the sounds of a pump, a mosquito and a grasshopper.',
            educator: 'Onomatopoeia first: [S] the pump, [Z] the mosquito, [Ts] the grasshopper.',
          },
          {
            name: 'Telling sounds apart',
            parents: 'Games that compare whistling and hissing sounds.',
            educator: 'Pairs [S]–[Sh] and [Z]–[Zh] by the child’s substitution.',
          },
        ],
      },
      {
        target: 'Setting and automating [S]',
        category: 'Sounds',
        parents: 'Your child says [S] with the tongue behind the lower teeth, then in syllables and words.',
        educator: 'Check the tongue position in a mirror; a smile keeps the lips back.',
        min: 2,
        max: 4,
        folders: [
          {
            name: 'Whistling sounds',
            parents: 'Exercises for [S] with the child’s favourite pictures.',
            educator: 'Isolated sound, open syllables, closed syllables, words, phrases.',
          },
        ],
      },
    ],
  },
  {
    title: 'Hissing sounds [Sh], [Zh] (draft)',
    description: 'A draft still being written: hearing and setting the hissing sounds.',
    publish: false,
    blocks: [
      {
        target: 'Hearing the hissing sounds',
        category: 'Sounds',
        parents: 'Your child learns to hear [Sh] and [Zh].',
        educator: 'Start with the snake and the beetle.',
        min: 1,
        max: 2,
        folders: [
          {
            name: 'Hissing sounds',
            parents: 'Listening games with the snake and the beetle.',
            educator: 'Onomatopoeia first.',
          },
        ],
      },
    ],
  },
];

/** The demo teacher's students: one per lesson language. */
export const DEMO_STUDENTS: readonly {
  child: string;
  parent: string;
  language: Language;
  email: string;
  phone: string;
  themes: string[];
  request: string;
}[] = [
  {
    child: 'Sofiia Koval',
    parent: 'Olena Koval',
    language: 'uk',
    email: 'olena.koval@example.com',
    phone: '+380501234567',
    themes: ['Space', 'Animals'],
    request: 'Says [L] instead of [R].',
  },
  {
    child: 'Maksym Bondar',
    parent: 'Iryna Bondar',
    language: 'uk',
    email: 'iryna.bondar@example.com',
    phone: '+380671112233',
    themes: ['Cars'],
    request: 'Lisps on [S] and [Z].',
  },
  {
    child: 'Anna Nowak',
    parent: 'Katarzyna Nowak',
    language: 'pl',
    email: 'k.nowak@example.com',
    phone: '+48600123456',
    themes: ['Princesses'],
    request: 'Seplenienie: [S] i [Z].',
  },
  {
    child: 'Mikhail Petrov',
    parent: 'Elena Petrova',
    language: 'ru',
    email: 'elena.petrova@example.com',
    phone: '+77011234567',
    themes: ['Space'],
    request: 'Нет звука [Р].',
  },
];
