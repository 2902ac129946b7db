/**
 * The demo school's protocol templates and the demo teacher's students (issue 14), as
 * `seed-protocols.ts` writes them.
 */
import type { Language } from '@logoschool/contract';

/**
 * A block of a demo template: its category and folders by name (of the demo category tree). What
 * it says to the parents is in the template's language; what it says to the teacher is in the
 * school's, Ukrainian.
 */
interface DemoBlock {
  target: string;
  category: string;
  parents: string;
  educator: string;
  min: number;
  max: number;
  folders: { name: string; parents: string; educator: string }[];
}

/**
 * A demo template. A template has no language of its own (contract `templateInput`): the school
 * keeps one template per language of its families, and a student's plan is made from the one in
 * the student's lesson language, so that the parents' page reads in it.
 */
export interface DemoTemplate {
  title: string;
  /** What it is for, told to the teacher (Ukrainian). */
  description: string;
  /** The work it plans: the demo plans pick their template by it and the student's language. */
  course: 'soundR' | 'whistling' | 'hissing';
  /** The language of its title, targets and texts for the parents. */
  language: Language;
  publish: boolean;
  blocks: DemoBlock[];
}

/** The teacher's indications, the same whatever the parents read. */
const EDUCATOR = {
  hearR: 'Короткі ігри на слухову увагу на початку кожного заняття: дитина плескає, почувши [Р].',
  hearRPairs: 'Пари звуків добирайте за заміною, яку робить дитина: спершу [Р] – [Л].',
  hearRFirst: 'Коли дитина ще нічого не замінює: спершу слухаємо, потім говоримо.',
  setR: 'Механічна допомога — лише зондом чи шпателем, який ви показали батькам; за найменшого дискомфорту зупиніться.',
  setRFolder: 'Від вібрації кінчика язика до ізольованого [Р].',
  automateR:
    'Спершу склади з [Р] після голосного (ар, ор), потім перед ним (ра, ро); слова з [Р] на початку — наостанок.',
  automateRFolder: 'Десять повторів складу, перш ніж іти далі; хваліть кожен.',
  automateRApart: 'Лише коли [Р] стійкий у складах: інакше дитина знову змішуватиме звуки.',
  hearS: 'Порівнюйте з [Ш] лише тоді, коли дитина впевнено чує ізольований [С].',
  hearSFolder: 'Спершу звуконаслідування: [С] — насос, [З] — комарик, [Ц] — «тихо!».',
  hearSApart: 'Пари [С] – [Ш] і [З] – [Ж] — за заміною, яку робить дитина.',
  setS: 'Положення язика перевіряйте перед дзеркалом; «усмішка» відтягує губи.',
  setSFolder: 'Ізольований звук, відкриті склади, закриті склади, слова, фрази.',
} as const;

export const DEMO_TEMPLATES: readonly DemoTemplate[] = [
  {
    title: 'Постановка й автоматизація звука [Р]',
    description:
      'Для дітей 5–8 років, у яких [Р] відсутній або замінюється іншим звуком. Спершу вчимо чути звук, потім ставимо його, далі автоматизуємо в складах і словах.',
    course: 'soundR',
    language: 'uk',
    publish: true,
    blocks: [
      {
        target: 'Розрізнення [Р] на слух серед інших звуків',
        category: 'Звуки',
        parents:
          'Дитина вчиться чути звук [Р] і відрізняти його від схожих звуків. Удома пограйте в «Злови звук»: ви називаєте слова, а дитина плескає, коли чує [Р].',
        educator: EDUCATOR.hearR,
        min: 1,
        max: 2,
        folders: [
          {
            name: 'Диференціація звуків',
            parents:
              'Ігри, у яких дитина порівнює [Р] з [Л] та іншими близькими звуками. Удома називайте пари слів (рак – лак, рама – лама), а дитина показує потрібну картинку.',
            educator: EDUCATOR.hearRPairs,
          },
          {
            name: 'Сонорні звуки',
            parents:
              'Дитина слухає звуки [Р] і [Л] у словах і коротких віршиках. Удома читайте разом віршики, повільно й виразно вимовляючи [Р].',
            educator: EDUCATOR.hearRFirst,
          },
        ],
      },
      {
        target: 'Постановка звука [Р]',
        category: 'Звуки',
        parents:
          'Вправи, які допомагають язикові знайти правильне положення для [Р]. Удома щодня робіть 5 хвилин артикуляційної гімнастики перед дзеркалом: «Конячка», «Маляр», «Грибок».',
        educator: EDUCATOR.setR,
        min: 2,
        max: 4,
        folders: [
          {
            name: 'Сонорні звуки',
            parents:
              'Вправи на звук [Р] з картинками й звуками, які подобаються дитині. Удома кілька разів на день «гарчіть, як тигреня», без примусу і з похвалою.',
            educator: EDUCATOR.setRFolder,
          },
        ],
      },
      {
        target: 'Автоматизація [Р] у складах і словах',
        category: 'Звуки',
        parents:
          'Дитина вимовляє [Р] у складах, потім у словах і коротких фразах. Удома повторюйте склади й слова із заняття по 10 хвилин на день і хваліть за кожне чисте [Р].',
        educator: EDUCATOR.automateR,
        min: 2,
        max: 3,
        folders: [
          {
            name: 'Сонорні звуки',
            parents:
              'Слова й фрази з [Р] на теми, що цікавлять дитину. Удома складайте разом речення зі словами із заняття.',
            educator: EDUCATOR.automateRFolder,
          },
          {
            name: 'Диференціація звуків',
            parents:
              'Слова, у яких зустрічаються [Р] і [Л], — повільно й чітко. Удома пограйте в «Рак чи лак?».',
            educator: EDUCATOR.automateRApart,
          },
        ],
      },
    ],
  },
  {
    title: 'Свистячі звуки [С], [З], [Ц]',
    description:
      'Для дітей з міжзубним або боковим сигматизмом чи заміною свистячих звуків. Розвиток фонематичного слуху, постановка й автоматизація [С], [З], [Ц].',
    course: 'whistling',
    language: 'uk',
    publish: true,
    blocks: [
      {
        target: 'Розрізнення свистячих звуків на слух',
        category: 'Звуки',
        parents:
          'Дитина вчиться чути [С], [З], [Ц] і відрізняти їх від шиплячих [Ш], [Ж], [Ч]. Удома грайтеся в «Хто як співає»: насос — с-с-с, комарик — з-з-з.',
        educator: EDUCATOR.hearS,
        min: 1,
        max: 2,
        folders: [
          {
            name: 'Свистячі звуки',
            parents: 'Ігри на слух із «пісеньками» насоса, комарика й водички з крана.',
            educator: EDUCATOR.hearSFolder,
          },
          {
            name: 'Диференціація звуків',
            parents: 'Ігри, у яких дитина порівнює свистячі й шиплячі звуки: санки – шапка, зайчик – жук.',
            educator: EDUCATOR.hearSApart,
          },
        ],
      },
      {
        target: 'Постановка й автоматизація [С]',
        category: 'Звуки',
        parents:
          'Дитина вимовляє [С], тримаючи кінчик язика за нижніми зубами: спершу окремо, потім у складах і словах. Удома повторюйте склади із заняття перед дзеркалом.',
        educator: EDUCATOR.setS,
        min: 2,
        max: 4,
        folders: [
          {
            name: 'Свистячі звуки',
            parents: 'Вправи на звук [С] з улюбленими картинками дитини.',
            educator: EDUCATOR.setSFolder,
          },
        ],
      },
    ],
  },
  {
    title: 'Постановка и автоматизация звука [Р]',
    description:
      'Те саме, що «Постановка й автоматизація звука [Р]», для російськомовних родин: мета й тексти для батьків російською.',
    course: 'soundR',
    language: 'ru',
    publish: true,
    blocks: [
      {
        target: 'Различение [Р] на слух среди других звуков',
        category: 'Звуки',
        parents:
          'Ребёнок учится слышать звук [Р] и отличать его от похожих звуков. Дома поиграйте в «Поймай звук»: вы называете слова, а ребёнок хлопает, когда слышит [Р].',
        educator: EDUCATOR.hearR,
        min: 1,
        max: 2,
        folders: [
          {
            name: 'Диференціація звуків',
            parents:
              'Игры, в которых ребёнок сравнивает [Р] с [Л] и другими близкими звуками. Дома называйте пары слов (рак – лак, рама – лама), а ребёнок показывает нужную картинку.',
            educator: EDUCATOR.hearRPairs,
          },
          {
            name: 'Сонорні звуки',
            parents:
              'Ребёнок слушает звуки [Р] и [Л] в словах и коротких стишках. Дома читайте вместе стишки, медленно и чётко произнося [Р].',
            educator: EDUCATOR.hearRFirst,
          },
        ],
      },
      {
        target: 'Постановка звука [Р]',
        category: 'Звуки',
        parents:
          'Упражнения, которые помогают языку найти правильное положение для [Р]. Дома каждый день делайте 5 минут артикуляционной гимнастики перед зеркалом: «Лошадка», «Маляр», «Грибок».',
        educator: EDUCATOR.setR,
        min: 2,
        max: 4,
        folders: [
          {
            name: 'Сонорні звуки',
            parents:
              'Упражнения на звук [Р] с картинками и звуками, которые нравятся ребёнку. Дома несколько раз в день «рычите, как тигрёнок», без принуждения и с похвалой.',
            educator: EDUCATOR.setRFolder,
          },
        ],
      },
      {
        target: 'Автоматизация [Р] в слогах и словах',
        category: 'Звуки',
        parents:
          'Ребёнок произносит [Р] в слогах, потом в словах и коротких фразах. Дома повторяйте слоги и слова с занятия по 10 минут в день и хвалите за каждое чистое [Р].',
        educator: EDUCATOR.automateR,
        min: 2,
        max: 3,
        folders: [
          {
            name: 'Сонорні звуки',
            parents:
              'Слова и фразы с [Р] на темы, которые интересны ребёнку. Дома составляйте вместе предложения со словами с занятия.',
            educator: EDUCATOR.automateRFolder,
          },
          {
            name: 'Диференціація звуків',
            parents:
              'Слова, в которых встречаются [Р] и [Л], — медленно и чётко. Дома поиграйте в «Рак или лак?».',
            educator: EDUCATOR.automateRApart,
          },
        ],
      },
    ],
  },
  {
    title: 'Głoski syczące [s], [z], [c]',
    description:
      'Те саме, що «Свистячі звуки [С], [З], [Ц]», для польськомовних родин: мета й тексти для батьків польською.',
    course: 'whistling',
    language: 'pl',
    publish: true,
    blocks: [
      {
        target: 'Słuchowe różnicowanie głosek syczących',
        category: 'Звуки',
        parents:
          'Dziecko uczy się słyszeć głoski [s], [z], [c] i odróżniać je od szumiących [sz], [ż], [cz]. W domu pobawcie się w „Kto tak śpiewa”: pompka robi s-s-s, komar z-z-z.',
        educator: EDUCATOR.hearS,
        min: 1,
        max: 2,
        folders: [
          {
            name: 'Свистячі звуки',
            parents: 'Zabawy słuchowe z „piosenkami” pompki, komara i wody z kranu.',
            educator: EDUCATOR.hearSFolder,
          },
          {
            name: 'Диференціація звуків',
            parents:
              'Zabawy, w których dziecko porównuje głoski syczące i szumiące: sanki – szafa, zupa – żaba.',
            educator: EDUCATOR.hearSApart,
          },
        ],
      },
      {
        target: 'Wywołanie i utrwalanie głoski [s]',
        category: 'Звуки',
        parents:
          'Dziecko wymawia [s] z czubkiem języka za dolnymi zębami: najpierw w izolacji, potem w sylabach i wyrazach. W domu powtarzajcie sylaby z zajęć przed lustrem.',
        educator: EDUCATOR.setS,
        min: 2,
        max: 4,
        folders: [
          {
            name: 'Свистячі звуки',
            parents: 'Ćwiczenia głoski [s] z ulubionymi obrazkami dziecka.',
            educator: EDUCATOR.setSFolder,
          },
        ],
      },
    ],
  },
  {
    title: 'Шиплячі звуки [Ш], [Ж] (чернетка)',
    description: 'Чернетка, яку ще дописують: розрізнення на слух і постановка шиплячих звуків.',
    course: 'hissing',
    language: 'uk',
    publish: false,
    blocks: [
      {
        target: 'Розрізнення шиплячих звуків на слух',
        category: 'Звуки',
        parents: 'Дитина вчиться чути звуки [Ш] і [Ж].',
        educator: 'Почніть зі змійки й жука.',
        min: 1,
        max: 2,
        folders: [
          {
            name: 'Шиплячі звуки',
            parents: 'Ігри на слух зі змійкою (ш-ш-ш) і жуком (ж-ж-ж).',
            educator: 'Спершу звуконаслідування.',
          },
        ],
      },
    ],
  },
];

/**
 * The demo teacher's students: two in Ukrainian, the school's language, and one each in Polish and
 * Russian; each plan is made from the template in the student's language.
 */
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
    child: 'Софія Коваль',
    parent: 'Олена Коваль',
    language: 'uk',
    email: 'olena.koval@example.com',
    phone: '+380501234567',
    themes: ['Космос', 'Тварини'],
    request: 'Замість [Р] вимовляє [Л]: «либа» замість «риба».',
  },
  {
    child: 'Максим Бондар',
    parent: 'Ірина Бондар',
    language: 'uk',
    email: 'iryna.bondar@example.com',
    phone: '+380671112233',
    themes: ['Машини'],
    request: 'Шепелявить на [С] і [З], язик між зубами.',
  },
  {
    child: 'Anna Nowak',
    parent: 'Katarzyna Nowak',
    language: 'pl',
    email: 'k.nowak@example.com',
    phone: '+48600123456',
    themes: ['Принцеси'],
    request: 'Seplenienie międzyzębowe: [s] i [z].',
  },
  {
    child: 'Михаил Петров',
    parent: 'Елена Петрова',
    language: 'ru',
    email: 'elena.petrova@example.com',
    phone: '+77011234567',
    themes: ['Космос'],
    request: 'Нет звука [Р], заменяет его на [Л].',
  },
];
