/**
 * The demo school's exercises (DESIGN §6: enough to click through every tab), as
 * `seed-exercises.ts` writes them.
 */
import type { AgeCategory, ExerciseStatusName, Language, UsageFrequency } from '@logoschool/contract';
import { DEMO_LIBRARY } from './demo-library.ts';

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
    title: 'Запуск ракети [Р]',
    status: 'accepted',
    category: '[Р]',
    tags: ['артикуляція', 'гра'],
    usage: 3,
    instruction:
      'На кожному слайді дитина «заводить двигун» ракети протяжним [Р-р-р], потім чітко називає слово.',
    description: 'Чотири слайди: ракета піднімається на сходинку вище за кожне слово з правильним [Р].',
    votes: { 'teacher@demo.test': true, 'diagnostician@demo.test': true, 'multi@demo.test': true },
    daysAgo: 30,
    pictures: { background: 'paleSky', character: 'rocket', sound: true },
    themed: true,
  },
  {
    title: 'Змійка в саду [С]',
    status: 'accepted',
    category: '[С]',
    tags: ['фонематичний слух', 'віршики'],
    usage: 3,
    instruction:
      'Поки змійка повзе садом, дитина тягне з нею довге [С-с-с], потім знаходить картинки зі звуком [С].',
    description: 'Змійка повзе садом, а дитина чує й називає слова зі звуком [С]: сова, сир, санки.',
    votes: { 'teacher@demo.test': true, 'diagnostician@demo.test': false },
    daysAgo: 28,
    pictures: { background: 'paleGarden', character: 'snake' },
    themed: true,
  },
  {
    title: '«Конячка»: розминка для язика',
    status: 'accepted',
    category: 'Артикуляційна гімнастика',
    tags: ['розминка', 'артикуляція'],
    usage: 3,
    instruction:
      'Клацати язиком, присмоктуючи його до піднебіння, як цокають копита: десять разів повільно й десять швидко. Нижня щелепа нерухома.',
    description: 'Вправа «Конячка» розтягує під’язикову вуздечку й готує язик до звука [Р].',
    daysAgo: 26,
  },
  {
    title: 'Животные и их детёныши',
    status: 'accepted',
    category: 'Тварини',
    tags: ['картинки', 'гра'],
    language: 'ru',
    instruction:
      'Ребёнок соединяет животное с детёнышем и называет обоих: кошка — котёнок, корова — телёнок.',
    description: 'Соедини каждое животное с его детёнышем и назови обоих.',
    votes: { 'teacher@demo.test': true },
    daysAgo: 24,
  },
  // The library the demo plans' lessons are filled from (issue 15): the sonorant sounds and telling
  // [Р] from [Л], enough for a few lessons of each plan within the usage frequencies.
  {
    title: 'Тигреня гарчить [Р]',
    status: 'accepted',
    category: '[Р]',
    tags: ['артикуляція', 'гра'],
    usage: 3,
    instruction: 'Гарчимо, як тигреня: довге [Р-р-р], потім слова на слайді — тигр, рись, ворона.',
    description: 'Ізольований звук [Р]: тигреня гарчить то тихо, то голосно.',
    daysAgo: 22,
  },
  {
    title: 'Барабанщик [Р]',
    status: 'accepted',
    category: '[Р]',
    tags: ['артикуляція', 'склади'],
    usage: 3,
    instruction:
      'Кінчиком язика барабанимо за верхніми зубами: д-д-д, швидше — др-др-др, потім склади ра, ро, ру.',
    description: 'Вправа на вібрацію кінчика язика — крок від артикуляційної гімнастики до звука [Р].',
    daysAgo: 21,
  },
  {
    title: 'Заводимо мотор: склади з [Р]',
    status: 'accepted',
    category: '[Р]',
    tags: ['склади', 'гра'],
    usage: 3,
    instruction: 'Заводимо мотор складами: ра-ра, ро-ро, ру-ру, ри-ри, потім ар, ор, ур, ир.',
    description: 'Автоматизація звука [Р] у прямих і зворотних складах.',
    daysAgo: 20,
  },
  {
    title: 'Слова, що починаються на [Р]',
    status: 'accepted',
    category: '[Р]',
    tags: ['картинки'],
    instruction: 'Дитина називає кожну картинку: риба, ракета, ромашка, річка. [Р] — чітко, без напруження.',
    description: 'Автоматизація звука [Р] на початку слова.',
    daysAgo: 19,
    pictures: { background: 'paleGarden', character: 'rocket' },
  },
  {
    title: 'Левеня облизується [Л]',
    status: 'accepted',
    category: '[Л]',
    tags: ['артикуляція'],
    usage: 3,
    instruction: 'Левеня облизує губи, потім співає: ла, ло, лу, ли, далі слова — лампа, ложка, лелека.',
    description: 'Від вправи «Смачне варення» до складів і слів зі звуком [Л].',
    daysAgo: 18,
    pictures: { background: 'paleGarden', character: 'snake' },
  },
  {
    title: 'Пісенька на гойдалці [Л]',
    status: 'accepted',
    category: '[Л]',
    tags: ['віршики', 'склади'],
    usage: 3,
    instruction: 'Гойдаємося й співаємо: ла-ла-ла, ло-ло-ло, потім повільно промовляємо віршик про гойдалку.',
    description: 'Автоматизація звука [Л] у складах і віршику.',
    daysAgo: 17,
  },
  {
    title: 'Троянда чи лілія: [Р] чи [Л]',
    status: 'accepted',
    category: '[Р] – [Л]',
    tags: ['фонематичний слух', 'картинки'],
    usage: 3,
    instruction: 'Розкласти картинки: слова зі звуком [Р] — до троянди, слова зі звуком [Л] — до лілії.',
    description: 'Диференціація звуків [Р] і [Л] на слух і у вимові.',
    daysAgo: 16,
    pictures: { background: 'paleGarden', character: 'snake' },
  },
  {
    title: 'Червона й синя картки: [Р] чи [Л]',
    status: 'accepted',
    category: '[Р] – [Л]',
    tags: ['фонематичний слух', 'гра'],
    usage: 3,
    instruction:
      'Почув [Р] — підніми червону картку, почув [Л] — синю. Слова: рак, лак, рама, лама, горох, голуб.',
    description: 'Слухова диференціація [Р] і [Л] у словах, що різняться одним звуком.',
    daysAgo: 15,
  },
  {
    title: 'Проплескай склади',
    status: 'moderation',
    category: 'Склади',
    tags: ['склади', 'гра'],
    instruction:
      'Плеснути в долоні стільки разів, скільки складів у слові на слайді: ма-ши-на — три оплески.',
    daysAgo: 9,
  },
  {
    title: 'Ведмедик і м’ячик [Л]',
    status: 'moderation',
    category: '[Л]',
    tags: ['артикуляція', 'картинки'],
    daysAgo: 7,
  },
  {
    title: 'Тихо, малятко спить [Ш]',
    status: 'declined',
    category: '[Ш]',
    tags: ['фонематичний слух'],
    comment: 'На 4-му слайді слово зі звуком [С] («сова»): замініть його словом зі звуком [Ш].',
    daysAgo: 12,
  },
  {
    title: 'Переказ казки «Ріпка»',
    status: 'declined',
    category: 'Переказ',
    tags: ['картинки'],
    comment: 'Сюжетні картинки замалі для екрана телефона: розтягніть їх на весь слайд.',
    daysAgo: 15,
  },
  {
    title: 'Дихальна вправа: здуй листочок',
    status: 'draft',
    category: 'Артикуляційна гімнастика',
    tags: ['дихання'],
    daysAgo: 3,
  },
  { title: 'Один кіт — багато котів', status: 'draft', category: 'Множина', daysAgo: 2 },
  {
    title: 'Де сховалася мишка?',
    status: 'draft',
    category: 'Прийменники',
    tags: ['гра'],
    request: {
      description: 'Мишка ховається в коробці, на столі, під стільцем і за шафою: дитина каже, де вона.',
      interests: ['Тварини'],
      ages: ['5-6'],
      deadlineInDays: 6,
    },
    daysAgo: 5,
  },
  {
    title: 'Космічна подорож: [Р] у словах',
    status: 'request',
    request: {
      description:
        'Подорож планетами: на кожній — слова зі звуком [Р] на початку, в середині й у кінці слова.',
      interests: ['Космос'],
      ages: ['5-6', '7-9'],
      deadlineInDays: 21,
    },
    daysAgo: 4,
  },
  {
    title: 'Динозаври: твердий і м’який [Л]',
    status: 'request',
    request: {
      description: 'Назви динозаврів, щоб розрізняти твердий [Л] і м’який [Л’].',
      interests: ['Динозаври'],
      ages: ['7-9'],
      deadlineInDays: 10,
    },
    daysAgo: 2,
  },
  {
    title: 'Замок принцеси: [З] чи [Ж]',
    status: 'request',
    request: {
      description: 'Кімнати замку, повні речей зі звуками [З] і [Ж]; дитина розкладає їх за звуком.',
      interests: ['Принцеси'],
      ages: ['5-6'],
      // Past its deadline: the overdue request of the demo (spec §8).
      deadlineInDays: -5,
    },
    daysAgo: 20,
  },
  // Enough for every demo plan's ten lessons, in its student's language (`demo-library.ts`).
  ...DEMO_LIBRARY,
];
