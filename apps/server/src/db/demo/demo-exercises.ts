/**
 * The demo school's exercises (DESIGN §6: enough to click through every tab), as
 * `seed-exercises.ts` writes them.
 */
import type { AgeCategory, ExerciseStatusName, Language, UsageFrequency } from '@logoschool/contract';

/** A demo exercise of the Demo school (DESIGN §6: enough to click through every tab). */
export interface DemoExercise {
  title: string;
  status: ExerciseStatusName;
  /** A category of the demo tree, by name (not a folder). */
  category?: string;
  tags?: readonly string[];
  usage?: UsageFrequency;
  language?: Language;
  instruction?: string;
  description?: string;
  /** The moderator's reason, for a declined one. */
  comment?: string;
  /** A moderator's request; a request in status draft was taken by the demo author. */
  request?: { description: string; interests: string[]; ages: AgeCategory[]; deadlineInDays: number };
  /** Who liked (true) or disliked (false) it, by e-mail. */
  votes?: Readonly<Record<string, boolean>>;
  /** How many days ago it was created; each status change followed a day later. */
  daysAgo: number;
  /** The deck's pictures (a background on every slide, a character on the first three) and a chime on the first. */
  pictures?: { background: 'paleSky' | 'paleGarden'; character: 'rocket' | 'snake'; sound?: boolean };
  /** Its background, character and sound are marked with asset types, and it is ready for generation. */
  themed?: boolean;
}

export const DEMO_EXERCISES: readonly DemoExercise[] = [
  {
    title: 'Rocket launch [R]',
    status: 'accepted',
    category: '[R]',
    tags: ['articulation', 'game'],
    usage: 3,
    instruction: 'The child growls like a rocket engine on every slide, then says the word.',
    description: 'Four slides: a rocket climbs one step for each word with [R] said right.',
    votes: { 'teacher@demo.test': true, 'diagnostician@demo.test': true, 'multi@demo.test': true },
    daysAgo: 30,
    pictures: { background: 'paleSky', character: 'rocket', sound: true },
    themed: true,
  },
  {
    title: 'Snake hiss [S]',
    status: 'accepted',
    category: '[S]',
    tags: ['listening', 'rhymes'],
    instruction: 'Hiss with the snake while it crawls, then find the pictures with [S].',
    description: 'A snake crawls through a garden; the child hears and names [S] words.',
    votes: { 'teacher@demo.test': true, 'diagnostician@demo.test': false },
    daysAgo: 28,
    pictures: { background: 'paleGarden', character: 'snake' },
    themed: true,
  },
  {
    title: 'Tongue warm-up with a horse',
    status: 'accepted',
    category: 'Articulation gymnastics',
    tags: ['warm-up', 'articulation'],
    usage: 3,
    instruction: 'Click the tongue like horse hooves, ten times slow and ten times fast.',
    daysAgo: 26,
  },
  {
    title: 'Animals and their babies',
    status: 'accepted',
    category: 'Animals',
    tags: ['pictures', 'game'],
    language: 'ru',
    description: 'Match each animal to its baby and name both.',
    votes: { 'teacher@demo.test': true },
    daysAgo: 24,
  },
  // The library the demo plans' lessons are filled from (issue 15): the sonorant sounds and telling
  // [R] from [L], enough for a few lessons of each plan within the usage frequencies.
  {
    title: 'Tiger growl [R]',
    status: 'accepted',
    category: '[R]',
    tags: ['articulation', 'game'],
    usage: 3,
    instruction: 'Growl like a tiger: a long [R-r-r], then say the words on the slide.',
    daysAgo: 22,
  },
  {
    title: 'Drum roll [R]',
    status: 'accepted',
    category: '[R]',
    tags: ['articulation', 'syllables'],
    usage: 3,
    instruction: 'Drum with the tongue tip: dr-dr-dr, then ra, ro, ru.',
    daysAgo: 21,
  },
  {
    title: 'Car engine syllables [R]',
    status: 'accepted',
    category: '[R]',
    tags: ['syllables', 'game'],
    usage: 3,
    instruction: 'Start the engine in syllables: ra-ra, ro-ro, ru-ru, then ar, or, ur.',
    daysAgo: 20,
  },
  {
    title: 'Words starting with [R]',
    status: 'accepted',
    category: '[R]',
    tags: ['pictures'],
    instruction: 'Name each picture: rose, rocket, rainbow, river.',
    daysAgo: 19,
    pictures: { background: 'paleGarden', character: 'rocket' },
  },
  {
    title: 'Lion cub [L]',
    status: 'accepted',
    category: '[L]',
    tags: ['articulation'],
    usage: 3,
    instruction: 'The lion cub licks its lips: la, lo, lu, then the words with [L].',
    daysAgo: 18,
    pictures: { background: 'paleGarden', character: 'snake' },
  },
  {
    title: 'Swing song [L]',
    status: 'accepted',
    category: '[L]',
    tags: ['rhymes', 'syllables'],
    usage: 3,
    instruction: 'Sing on the swing: la-la-la, then say the rhyme slowly.',
    daysAgo: 17,
  },
  {
    title: 'Rose or lotus: [R] or [L]',
    status: 'accepted',
    category: '[R] or [L]',
    tags: ['listening', 'pictures'],
    usage: 3,
    instruction: 'Sort the pictures: words with [R] go to the rose, words with [L] to the lotus.',
    daysAgo: 16,
    pictures: { background: 'paleGarden', character: 'snake' },
  },
  {
    title: 'Red card, blue card: [R] or [L]',
    status: 'accepted',
    category: '[R] or [L]',
    tags: ['listening', 'game'],
    usage: 3,
    instruction: 'Raise the red card when you hear [R], the blue card when you hear [L].',
    daysAgo: 15,
  },
  {
    title: 'Clap the syllables',
    status: 'moderation',
    category: 'Syllables',
    tags: ['syllables', 'game'],
    instruction: 'Clap once for every syllable of the word on the slide.',
    daysAgo: 9,
  },
  {
    title: 'Bear and ball [L]',
    status: 'moderation',
    category: '[L]',
    tags: ['articulation', 'pictures'],
    daysAgo: 7,
  },
  {
    title: 'Shhh, the baby sleeps [Sh]',
    status: 'declined',
    category: '[Sh]',
    tags: ['listening'],
    comment: 'Slide 4 shows a word with [S]: replace it with one that has [Sh].',
    daysAgo: 12,
  },
  {
    title: 'Retell the turnip',
    status: 'declined',
    category: 'Retelling',
    tags: ['pictures'],
    comment: 'The story pictures are too small to see on a phone: make them fill the slide.',
    daysAgo: 15,
  },
  {
    title: 'Breathing: blow the leaves',
    status: 'draft',
    category: 'Articulation gymnastics',
    tags: ['breathing'],
    daysAgo: 3,
  },
  { title: 'One cat, many cats', status: 'draft', category: 'Plurals', daysAgo: 2 },
  {
    title: 'Where is the mouse?',
    status: 'draft',
    category: 'Prepositions',
    tags: ['game'],
    request: {
      description: 'A mouse hides in, on, under and behind things: the child says where it is.',
      interests: ['Animals'],
      ages: ['5-6'],
      deadlineInDays: 6,
    },
    daysAgo: 5,
  },
  {
    title: 'Space trip: [R] in words',
    status: 'request',
    request: {
      description: 'A space trip where every planet has words with [R] at the start, middle and end.',
      interests: ['Space'],
      ages: ['5-6', '7-9'],
      deadlineInDays: 21,
    },
    daysAgo: 4,
  },
  {
    title: 'Dinosaurs: hard and soft [L]',
    status: 'request',
    request: {
      description: 'Dinosaur names to tell hard [L] from soft [L].',
      interests: ['Dinosaurs'],
      ages: ['7-9'],
      deadlineInDays: 10,
    },
    daysAgo: 2,
  },
  {
    title: 'Princess castle: [Z] or [Zh]',
    status: 'request',
    request: {
      description: 'Castle rooms full of things with [Z] or [Zh]; the child sorts them.',
      interests: ['Princesses'],
      ages: ['5-6'],
      // Past its deadline: the overdue request of the demo (spec §8).
      deadlineInDays: -5,
    },
    daysAgo: 20,
  },
];
