import type { ErrorCode, Language } from '@logoschool/contract';

/**
 * The message of every error code in every language (spec §9: uk, ru, en, pl). `{name}` marks a
 * value filled in at run time.
 */
export const ERROR_MESSAGES: Record<ErrorCode, Record<Language, string>> = {
  bad_request: {
    uk: 'Некоректний запит.',
    ru: 'Некорректный запрос.',
    en: 'The request is not valid.',
    pl: 'Nieprawidłowe żądanie.',
  },
  malformed_json: {
    uk: 'Тіло запиту не є коректним JSON.',
    ru: 'Тело запроса не является корректным JSON.',
    en: 'The request body is not valid JSON.',
    pl: 'Treść żądania nie jest poprawnym JSON.',
  },
  validation_failed: {
    uk: 'Перевірте введені дані.',
    ru: 'Проверьте введённые данные.',
    en: 'Please check the data you entered.',
    pl: 'Sprawdź wprowadzone dane.',
  },
  unauthenticated: {
    uk: 'Увійдіть, щоб продовжити.',
    ru: 'Войдите, чтобы продолжить.',
    en: 'Please sign in to continue.',
    pl: 'Zaloguj się, aby kontynuować.',
  },
  session_expired: {
    uk: 'Сесія закінчилася, увійдіть знову.',
    ru: 'Сессия истекла, пожалуйста, войдите снова.',
    en: 'Your session has expired, please sign in again.',
    pl: 'Sesja wygasła, zaloguj się ponownie.',
  },
  invalid_credentials: {
    uk: 'Невірний email або пароль.',
    ru: 'Неверный email или пароль.',
    en: 'Wrong email or password.',
    pl: 'Nieprawidłowy e-mail lub hasło.',
  },
  user_inactive: {
    uk: 'Ваш обліковий запис деактивовано. Зверніться до адміністратора.',
    ru: 'Ваша учётная запись деактивирована. Обратитесь к администратору.',
    en: 'Your account has been deactivated. Please contact the administrator.',
    pl: 'Twoje konto zostało dezaktywowane. Skontaktuj się z administratorem.',
  },
  forbidden: {
    uk: 'У вас немає прав на цю дію.',
    ru: 'У вас нет прав на это действие.',
    en: 'You are not allowed to do this.',
    pl: 'Nie masz uprawnień do tej czynności.',
  },
  role_not_held: {
    uk: 'У вас немає цієї ролі в цьому проєкті.',
    ru: 'У вас нет этой роли в этом проекте.',
    en: 'You do not have this role in this project.',
    pl: 'Nie masz tej roli w tym projekcie.',
  },
  role_not_grantable: {
    uk: 'Ви не можете надавати чи змінювати ці ролі: {roles}.',
    ru: 'Вы не можете назначать или изменять эти роли: {roles}.',
    en: 'You may not grant or change these roles: {roles}.',
    pl: 'Nie możesz nadawać ani zmieniać tych ról: {roles}.',
  },
  not_found: {
    uk: 'Не знайдено.',
    ru: 'Не найдено.',
    en: 'Not found.',
    pl: 'Nie znaleziono.',
  },
  route_not_found: {
    uk: 'Такого методу API немає: {method} {url}.',
    ru: 'Такого метода API нет: {method} {url}.',
    en: 'There is no such API call: {method} {url}.',
    pl: 'Nie ma takiego wywołania API: {method} {url}.',
  },
  conflict: {
    uk: 'Дію не можна виконати в поточному стані.',
    ru: 'Действие нельзя выполнить в текущем состоянии.',
    en: 'This cannot be done in the current state.',
    pl: 'Tej czynności nie można wykonać w obecnym stanie.',
  },
  payload_too_large: {
    uk: 'Запит завеликий (максимум {limit}).',
    ru: 'Запрос слишком большой (максимум {limit}).',
    en: 'The request is too large (at most {limit}).',
    pl: 'Żądanie jest za duże (maksymalnie {limit}).',
  },
  unsupported_media_type: {
    uk: 'Непідтримуваний тип вмісту: {type}.',
    ru: 'Неподдерживаемый тип содержимого: {type}.',
    en: 'Unsupported content type: {type}.',
    pl: 'Nieobsługiwany typ zawartości: {type}.',
  },
  rate_limited: {
    uk: 'Забагато запитів. Спробуйте через {seconds} с.',
    ru: 'Слишком много запросов. Повторите через {seconds} с.',
    en: 'Too many requests. Try again in {seconds} s.',
    pl: 'Zbyt wiele żądań. Spróbuj ponownie za {seconds} s.',
  },
  too_many_login_attempts: {
    uk: 'Забагато спроб входу. Спробуйте через {seconds} с.',
    ru: 'Слишком много попыток входа. Повторите через {seconds} с.',
    en: 'Too many sign-in attempts. Try again in {seconds} s.',
    pl: 'Zbyt wiele prób logowania. Spróbuj ponownie za {seconds} s.',
  },
  storage_key_unknown: {
    uk: 'Невідомий ключ сховища: {key}.',
    ru: 'Неизвестный ключ хранилища: {key}.',
    en: 'Unknown storage key: {key}.',
    pl: 'Nieznany klucz magazynu: {key}.',
  },
  environment_not_allowed: {
    uk: 'У вас немає доступу до середовища {envId}.',
    ru: 'У вас нет доступа к окружению {envId}.',
    en: 'You have no access to environment {envId}.',
    pl: 'Nie masz dostępu do środowiska {envId}.',
  },
  user_exists: {
    uk: 'Користувач {email} уже існує.',
    ru: 'Пользователь {email} уже существует.',
    en: 'User {email} already exists.',
    pl: 'Użytkownik {email} już istnieje.',
  },
  already_member: {
    uk: 'Користувач {email} уже є учасником цього проєкту.',
    ru: 'Пользователь {email} уже состоит в этом проекте.',
    en: 'User {email} is already a member of this project.',
    pl: 'Użytkownik {email} jest już członkiem tego projektu.',
  },
  invitation_not_found: {
    uk: 'Запрошення не знайдено. Перевірте посилання або попросіть надіслати нове.',
    ru: 'Приглашение не найдено. Проверьте ссылку или попросите прислать новое.',
    en: 'The invitation was not found. Check the link or ask for a new one.',
    pl: 'Nie znaleziono zaproszenia. Sprawdź link lub poproś o nowe.',
  },
  invitation_expired: {
    uk: 'Термін дії запрошення минув.',
    ru: 'Срок действия приглашения истёк.',
    en: 'The invitation has expired.',
    pl: 'Zaproszenie wygasło.',
  },
  invitation_accepted: {
    uk: 'Запрошення вже прийнято.',
    ru: 'Приглашение уже принято.',
    en: 'The invitation has already been accepted.',
    pl: 'Zaproszenie zostało już przyjęte.',
  },
  category_cycle: {
    uk: 'Категорію не можна перемістити всередину неї самої або її підкатегорії.',
    ru: 'Категорию нельзя переместить внутрь неё самой или её подкатегории.',
    en: 'A category cannot be moved into itself or into one of its subcategories.',
    pl: 'Kategorii nie można przenieść do niej samej ani do jej podkategorii.',
  },
  category_in_use: {
    uk: 'Категорію не можна видалити, поки в ній є підкатегорії або вправи. Спершу перемістіть або видаліть їх.',
    ru: 'Категорию нельзя удалить, пока в ней есть подкатегории или упражнения. Сначала переместите или удалите их.',
    en: 'The category cannot be deleted while it has subcategories or exercises. Move or delete them first.',
    pl: 'Nie można usunąć kategorii, dopóki ma podkategorie lub ćwiczenia. Najpierw je przenieś lub usuń.',
  },
  tag_exists: {
    uk: 'Тег «{name}» уже існує.',
    ru: 'Тег «{name}» уже существует.',
    en: 'The tag “{name}” already exists.',
    pl: 'Tag „{name}” już istnieje.',
  },
  exercise_title_taken: {
    uk: 'Вправа з такою назвою вже існує.',
    ru: 'Упражнение с таким названием уже существует.',
    en: 'An exercise with this title already exists.',
    pl: 'Ćwiczenie o tym tytule już istnieje.',
  },
  status_unchanged: {
    uk: 'Вправа вже має цей статус: оберіть інший.',
    ru: 'Упражнение уже в этом статусе: выберите другой.',
    en: 'The exercise already has this status: choose another one.',
    pl: 'Ćwiczenie ma już ten status: wybierz inny.',
  },
  transition_refused: {
    uk: 'Зі свого поточного статусу вправа не може перейти в цей.',
    ru: 'Из текущего статуса упражнение не может перейти в этот.',
    en: 'The exercise cannot move from its current status to this one.',
    pl: 'Ćwiczenie nie może przejść z obecnego statusu do tego.',
  },
  request_overdue: {
    uk: 'Час виконання запиту минув ({deadline}). Попросіть модератора продовжити термін.',
    ru: 'Время выполнения запроса истекло ({deadline}). Попросите модератора продлить срок.',
    en: 'The request is overdue: its execution time ran out on {deadline}. Ask a moderator to extend it.',
    pl: 'Czas realizacji zlecenia minął ({deadline}). Poproś moderatora o przedłużenie terminu.',
  },
  presentation_required: {
    uk: 'Презентацію не можна видалити, поки вправа на модерації або прийнята.',
    ru: 'Презентацию нельзя удалить, пока упражнение на модерации или принято.',
    en: 'The presentation cannot be removed while the exercise is in moderation or accepted.',
    pl: 'Nie można usunąć prezentacji, gdy ćwiczenie jest w moderacji lub zaakceptowane.',
  },
  theme_exists: {
    uk: 'Тема «{name}» уже існує в цьому проєкті.',
    ru: 'Тема «{name}» уже существует в этом проекте.',
    en: 'The theme “{name}” already exists in this project.',
    pl: 'Temat „{name}” już istnieje w tym projekcie.',
  },
  theme_in_use: {
    uk: 'Тему не можна видалити, поки вона використовується.',
    ru: 'Тему нельзя удалить, пока она используется.',
    en: 'The theme cannot be deleted while it is in use.',
    pl: 'Nie można usunąć tematu, dopóki jest używany.',
  },
  theme_not_owned: {
    uk: 'Цією темою з вашим проєктом поділився інший проєкт: змінити її може лише він.',
    ru: 'Этой темой с вашим проектом поделился другой проект: изменить её может только он.',
    en: 'This theme is shared with your project by another project: only that project can change it.',
    pl: 'Ten temat udostępnił Twojemu projektowi inny projekt: tylko on może go zmienić.',
  },
  asset_in_use: {
    uk: 'Ресурс використовується в темах ({count}). Спершу відкріпіть його від них.',
    ru: 'Ресурс используется в темах ({count}). Сначала открепите его от них.',
    en: 'The asset is attached to themes ({count}). Detach it from them first.',
    pl: 'Zasób jest przypisany do tematów ({count}). Najpierw go od nich odłącz.',
  },
  asset_last_file: {
    uk: 'У ресурсу має лишитися хоча б один файл: спершу додайте інший.',
    ru: 'У ресурса должен остаться хотя бы один файл: сначала добавьте другой.',
    en: 'An asset keeps at least one file: add another file before removing this one.',
    pl: 'Zasób musi mieć co najmniej jeden plik: najpierw dodaj inny.',
  },
  internal_error: {
    uk: 'Щось пішло не так. Спробуйте ще раз або зверніться до адміністратора.',
    ru: 'Что-то пошло не так. Повторите попытку или обратитесь к администратору.',
    en: 'Something went wrong. Please try again or contact the administrator.',
    pl: 'Coś poszło nie tak. Spróbuj ponownie lub skontaktuj się z administratorem.',
  },
  deck_too_much_text: {
    uk: 'У презентації забагато тексту. Скоротіть її або розділіть на кілька презентацій.',
    ru: 'В презентации слишком много текста. Сократите её или разделите на несколько презентаций.',
    en: 'The presentation holds too much text. Shorten it or split it into several presentations.',
    pl: 'Prezentacja zawiera za dużo tekstu. Skróć ją lub podziel na kilka prezentacji.',
  },
};

/** Field-level validation messages (zod issues), by language. */
export const FIELD_MESSAGES = {
  forbiddenCharacters: {
    uk: 'Текст містить недопустимі символи (нульовий символ або пошкоджений Unicode).',
    ru: 'Текст содержит недопустимые символы (нулевой символ или повреждённый Unicode).',
    en: 'The text holds characters that are not allowed (a NUL or broken Unicode).',
    pl: 'Tekst zawiera niedozwolone znaki (znak NUL lub uszkodzony Unicode).',
  },
  tooDeep: {
    uk: 'Дані вкладені занадто глибоко (не більше {max} рівнів).',
    ru: 'Данные вложены слишком глубоко (не более {max} уровней).',
    en: 'The data is nested too deeply (at most {max} levels).',
    pl: 'Dane są zagnieżdżone zbyt głęboko (co najwyżej {max} poziomów).',
  },
  required: { uk: "Обов'язкове поле.", ru: 'Обязательное поле.', en: 'Required.', pl: 'Pole wymagane.' },
  type: {
    uk: 'Очікується {expected}.',
    ru: 'Ожидается {expected}.',
    en: 'Expected {expected}.',
    pl: 'Oczekiwano: {expected}.',
  },
  tooShortString: {
    uk: 'Щонайменше {min} символів.',
    ru: 'Не менее {min} символов.',
    en: 'At least {min} characters.',
    pl: 'Co najmniej {min} znaków.',
  },
  tooLongString: {
    uk: 'Не більше {max} символів.',
    ru: 'Не более {max} символов.',
    en: 'At most {max} characters.',
    pl: 'Co najwyżej {max} znaków.',
  },
  tooSmallNumber: {
    uk: 'Щонайменше {min}.',
    ru: 'Не меньше {min}.',
    en: 'At least {min}.',
    pl: 'Co najmniej {min}.',
  },
  tooBigNumber: {
    uk: 'Не більше {max}.',
    ru: 'Не больше {max}.',
    en: 'At most {max}.',
    pl: 'Co najwyżej {max}.',
  },
  tooFewItems: {
    uk: 'Оберіть щонайменше {min}.',
    ru: 'Выберите не менее {min}.',
    en: 'Choose at least {min}.',
    pl: 'Wybierz co najmniej {min}.',
  },
  tooManyItems: {
    uk: 'Не більше {max} елементів.',
    ru: 'Не более {max} элементов.',
    en: 'At most {max} items.',
    pl: 'Co najwyżej {max} elementów.',
  },
  email: {
    uk: 'Введіть коректний email.',
    ru: 'Введите корректный email.',
    en: 'Enter a valid email address.',
    pl: 'Podaj poprawny adres e-mail.',
  },
  format: {
    uk: 'Неправильний формат.',
    ru: 'Неверный формат.',
    en: 'Wrong format.',
    pl: 'Nieprawidłowy format.',
  },
  unknownField: {
    uk: 'Невідоме поле.',
    ru: 'Неизвестное поле.',
    en: 'Unknown field.',
    pl: 'Nieznane pole.',
  },
  oneOf: {
    uk: 'Допустимі значення: {values}.',
    ru: 'Допустимые значения: {values}.',
    en: 'Allowed values: {values}.',
    pl: 'Dozwolone wartości: {values}.',
  },
  date: {
    uk: 'Введіть справжню дату у форматі РРРР-ММ-ДД.',
    ru: 'Введите существующую дату в формате ГГГГ-ММ-ДД.',
    en: 'Enter a real date as YYYY-MM-DD.',
    pl: 'Podaj istniejącą datę w formacie RRRR-MM-DD.',
  },
  dateTooEarly: {
    uk: 'Дата не може бути раніше {min}.',
    ru: 'Дата не может быть раньше {min}.',
    en: 'The date cannot be earlier than {min}.',
    pl: 'Data nie może być wcześniejsza niż {min}.',
  },
  dateInFuture: {
    uk: 'Дата не може бути в майбутньому.',
    ru: 'Дата не может быть в будущем.',
    en: 'The date cannot be in the future.',
    pl: 'Data nie może być z przyszłości.',
  },
  unique: {
    uk: 'Значення не повинні повторюватися.',
    ru: 'Значения не должны повторяться.',
    en: 'Values must not repeat.',
    pl: 'Wartości nie mogą się powtarzać.',
  },
  phone: {
    uk: 'Введіть номер у міжнародному форматі, напр. +380501234567.',
    ru: 'Введите номер в международном формате, напр. +380501234567.',
    en: 'Enter the number in international format, e.g. +447700900123.',
    pl: 'Podaj numer w formacie międzynarodowym, np. +48501234567.',
  },
  jsonObject: {
    uk: 'Має бути JSON-об’єкт.',
    ru: 'Должен быть JSON-объект.',
    en: 'Must be a JSON object.',
    pl: 'Musi być obiektem JSON.',
  },
  titleTaken: {
    uk: 'Ця назва вже зайнята.',
    ru: 'Это название уже занято.',
    en: 'This title is already taken.',
    pl: 'Ta nazwa jest już zajęta.',
  },
  lastRole: {
    uk: 'Останню роль користувача не можна зняти.',
    ru: 'Последнюю роль пользователя нельзя удалить.',
    en: 'The last role of a user cannot be removed.',
    pl: 'Nie można odebrać użytkownikowi ostatniej roli.',
  },
  roleNotHeld: {
    uk: 'Користувач не має цієї ролі в проєкті.',
    ru: 'У пользователя нет этой роли в проекте.',
    en: 'The user does not have this role in the project.',
    pl: 'Użytkownik nie ma tej roli w projekcie.',
  },
  cannotDeactivateSelf: {
    uk: 'Ви не можете деактивувати себе.',
    ru: 'Вы не можете деактивировать себя.',
    en: 'You cannot deactivate yourself.',
    pl: 'Nie możesz dezaktywować samego siebie.',
  },
  cannotRemoveOwnAdmin: {
    uk: 'Ви не можете зняти з себе роль адміністратора.',
    ru: 'Вы не можете снять с себя роль администратора.',
    en: 'You cannot remove your own admin role.',
    pl: 'Nie możesz odebrać sobie roli administratora.',
  },
  passwordsDiffer: {
    uk: 'Паролі не збігаються.',
    ru: 'Пароли не совпадают.',
    en: 'The passwords do not match.',
    pl: 'Hasła nie są zgodne.',
  },
  workspaceArchived: {
    uk: 'Проєкт в архіві.',
    ru: 'Проект в архиве.',
    en: 'The project is archived.',
    pl: 'Projekt jest zarchiwizowany.',
  },
  wholeNumber: {
    uk: 'Введіть ціле число, не менше 0.',
    ru: 'Введите целое число не меньше 0.',
    en: 'Enter a whole number, 0 or more.',
    pl: 'Podaj liczbę całkowitą, co najmniej 0.',
  },
  workspaceMismatch: {
    uk: 'Має бути проєкт з адреси запиту ({workspaceId}).',
    ru: 'Должен быть проект из адреса запроса ({workspaceId}).',
    en: 'Must be the project of the request address ({workspaceId}).',
    pl: 'Musi to być projekt z adresu żądania ({workspaceId}).',
  },
  categoryNotFound: {
    uk: 'У цьому проєкті немає такої категорії.',
    ru: 'В этом проекте нет такой категории.',
    en: 'There is no such category in this project.',
    pl: 'W tym projekcie nie ma takiej kategorii.',
  },
  categoryLinkSelf: {
    uk: 'Категорія не може посилатися сама на себе.',
    ru: 'Категория не может ссылаться сама на себя.',
    en: 'A category cannot link to itself.',
    pl: 'Kategoria nie może odsyłać do samej siebie.',
  },
  tagTaken: {
    uk: 'Тег із такою назвою вже існує.',
    ru: 'Тег с таким названием уже существует.',
    en: 'A tag with this name already exists.',
    pl: 'Tag o tej nazwie już istnieje.',
  },
  tagNotFound: {
    uk: 'У цьому проєкті немає такого тегу.',
    ru: 'В этом проекте нет такого тега.',
    en: 'There is no such tag in this project.',
    pl: 'W tym projekcie nie ma takiego tagu.',
  },
  tagMergeSelf: {
    uk: 'Оберіть інший тег, з яким об’єднати.',
    ru: 'Выберите другой тег для объединения.',
    en: 'Choose another tag to merge into.',
    pl: 'Wybierz inny tag, z którym scalić.',
  },
  exerciseTitleTaken: {
    uk: 'Вправа з такою назвою вже існує.',
    ru: 'Упражнение с таким названием уже существует.',
    en: 'An exercise with this title already exists.',
    pl: 'Ćwiczenie o tym tytule już istnieje.',
  },
  categoryIsFolder: {
    uk: 'Оберіть категорію, а не папку.',
    ru: 'Выберите категорию, а не папку.',
    en: 'Choose a category, not a folder.',
    pl: 'Wybierz kategorię, a nie folder.',
  },
  exerciseCategoryRequired: {
    uk: 'Оберіть категорію перед надсиланням на модерацію.',
    ru: 'Выберите категорию перед отправкой на модерацию.',
    en: 'Choose a category before sending the exercise to moderation.',
    pl: 'Wybierz kategorię przed wysłaniem do moderacji.',
  },
  exerciseTagsRequired: {
    uk: 'Додайте хоча б один тег перед надсиланням на модерацію.',
    ru: 'Добавьте хотя бы один тег перед отправкой на модерацию.',
    en: 'Add at least one tag before sending the exercise to moderation.',
    pl: 'Dodaj co najmniej jeden tag przed wysłaniem do moderacji.',
  },
  exercisePresentationRequired: {
    uk: 'Завантажте презентацію перед надсиланням на модерацію.',
    ru: 'Загрузите презентацию перед отправкой на модерацию.',
    en: 'Upload the presentation before sending the exercise to moderation.',
    pl: 'Prześlij prezentację przed wysłaniem do moderacji.',
  },
  declineCommentRequired: {
    uk: 'Напишіть, чому вправу відхилено.',
    ru: 'Напишите, почему упражнение отклонено.',
    en: 'Say why the exercise is declined.',
    pl: 'Napisz, dlaczego ćwiczenie zostało odrzucone.',
  },
  exerciseNoRequest: {
    uk: 'Ця вправа не відповідає на запит.',
    ru: 'Это упражнение не отвечает на запрос.',
    en: 'This exercise answers no request.',
    pl: 'To ćwiczenie nie odpowiada na żadne zlecenie.',
  },
  dateInPast: {
    uk: 'Дата не може бути в минулому.',
    ru: 'Дата не может быть в прошлом.',
    en: 'The date cannot be in the past.',
    pl: 'Data nie może być z przeszłości.',
  },
  endBeforeStart: {
    uk: 'Кінець не може бути раніше початку.',
    ru: 'Конец не может быть раньше начала.',
    en: 'The end cannot be before the start.',
    pl: 'Koniec nie może być przed początkiem.',
  },
  ageFromAfterTo: {
    uk: 'Вік «від» не може бути більшим за вік «до».',
    ru: 'Возраст «от» не может быть больше возраста «до».',
    en: 'The age “from” cannot be greater than the age “to”.',
    pl: 'Wiek „od” nie może być większy niż wiek „do”.',
  },
  themeTaken: {
    uk: 'Тема з такою назвою вже існує.',
    ru: 'Тема с таким названием уже существует.',
    en: 'A theme with this name already exists.',
    pl: 'Temat o tej nazwie już istnieje.',
  },
  assetNotFound: {
    uk: 'У бібліотеці немає такого ресурсу: {ids}.',
    ru: 'В библиотеке нет такого ресурса: {ids}.',
    en: 'No such asset in the library: {ids}.',
    pl: 'W bibliotece nie ma takiego zasobu: {ids}.',
  },
  fileTypeUnknown: {
    uk: 'Приймаються лише зображення PNG, JPEG, WebP, GIF і звуки MP3, WAV, OGG.',
    ru: 'Принимаются только изображения PNG, JPEG, WebP, GIF и звуки MP3, WAV, OGG.',
    en: 'Only PNG, JPEG, WebP or GIF images and MP3, WAV or OGG sounds are accepted.',
    pl: 'Akceptowane są tylko obrazy PNG, JPEG, WebP, GIF i dźwięki MP3, WAV, OGG.',
  },
  fileNotImage: {
    uk: 'Цей ресурс приймає лише зображення (PNG, JPEG, WebP, GIF).',
    ru: 'Этот ресурс принимает только изображения (PNG, JPEG, WebP, GIF).',
    en: 'This asset takes images only (PNG, JPEG, WebP, GIF).',
    pl: 'Ten zasób przyjmuje tylko obrazy (PNG, JPEG, WebP, GIF).',
  },
  fileNotSound: {
    uk: 'Звуковий ресурс приймає лише звуки (MP3, WAV, OGG).',
    ru: 'Звуковой ресурс принимает только звуки (MP3, WAV, OGG).',
    en: 'A sound asset takes sounds only (MP3, WAV, OGG).',
    pl: 'Zasób dźwiękowy przyjmuje tylko dźwięki (MP3, WAV, OGG).',
  },
  assetFilesAreImages: {
    uk: 'Файли цього ресурсу — зображення: він не може стати звуковим.',
    ru: 'Файлы этого ресурса — изображения: он не может стать звуковым.',
    en: 'The files of this asset are images: it cannot become a sound.',
    pl: 'Pliki tego zasobu to obrazy: nie może stać się dźwiękiem.',
  },
  assetFilesAreSounds: {
    uk: 'Файли цього ресурсу — звуки: він має лишитися звуковим.',
    ru: 'Файлы этого ресурса — звуки: он должен остаться звуковым.',
    en: 'The files of this asset are sounds: it must stay a sound.',
    pl: 'Pliki tego zasobu to dźwięki: musi pozostać dźwiękiem.',
  },
  presentationNotPptx: {
    uk: 'Це не файл PowerPoint .pptx: завантажте презентацію, збережену як .pptx.',
    ru: 'Это не файл PowerPoint .pptx: загрузите презентацию, сохранённую как .pptx.',
    en: 'This is not a PowerPoint .pptx file: upload a presentation saved as .pptx.',
    pl: 'To nie jest plik PowerPoint .pptx: prześlij prezentację zapisaną jako .pptx.',
  },
  presentationLegacy: {
    uk: 'Старі або захищені паролем файли PowerPoint не підтримуються; збережіть як .pptx.',
    ru: 'Старые или защищённые паролем файлы PowerPoint не поддерживаются; сохраните как .pptx.',
    en: 'Legacy or password-protected PowerPoint files are not supported; save as .pptx.',
    pl: 'Starsze lub chronione hasłem pliki PowerPoint nie są obsługiwane; zapisz jako .pptx.',
  },
  presentationDamaged: {
    uk: 'Файл презентації пошкоджений або використовує непідтримуване стиснення.',
    ru: 'Файл презентации повреждён или использует неподдерживаемое сжатие.',
    en: 'The presentation file is damaged or uses an unsupported compression.',
    pl: 'Plik prezentacji jest uszkodzony lub używa nieobsługiwanej kompresji.',
  },
  presentationTooManyParts: {
    uk: 'У презентації забагато частин (максимум {max}).',
    ru: 'В презентации слишком много частей (максимум {max}).',
    en: 'The presentation has too many parts (at most {max}).',
    pl: 'Prezentacja ma zbyt wiele części (maksymalnie {max}).',
  },
  presentationUnpacksTooLarge: {
    uk: 'Після розпакування презентація завелика (максимум {limit}).',
    ru: 'После распаковки презентация слишком большая (максимум {limit}).',
    en: 'The presentation unpacks to too much data (at most {limit}).',
    pl: 'Po rozpakowaniu prezentacja jest za duża (maksymalnie {limit}).',
  },
  slidesLibreOfficeMissing: {
    uk: 'LibreOffice не встановлено на сервері: показано лише мініатюру презентації.',
    ru: 'LibreOffice не установлен на сервере: показана только миниатюра презентации.',
    en: 'LibreOffice is not installed on the server: only the deck’s thumbnail is shown.',
    pl: 'LibreOffice nie jest zainstalowany na serwerze: widoczna jest tylko miniatura prezentacji.',
  },
  slidesNoThumbnail: {
    uk: 'LibreOffice не встановлено на сервері, а в презентації немає мініатюри.',
    ru: 'LibreOffice не установлен на сервере, а в презентации нет миниатюры.',
    en: 'LibreOffice is not installed on the server and the deck has no thumbnail.',
    pl: 'LibreOffice nie jest zainstalowany na serwerze, a prezentacja nie ma miniatury.',
  },
  slidesRenderFailed: {
    uk: 'Не вдалося створити зображення слайдів.',
    ru: 'Не удалось создать изображения слайдов.',
    en: 'The slide images could not be made.',
    pl: 'Nie udało się utworzyć obrazów slajdów.',
  },
  mediaImageAssetType: {
    uk: 'Зображення можна замінити лише фоном, персонажем або предметом.',
    ru: 'Изображение можно заменить только фоном, персонажем или предметом.',
    en: 'A picture can only be replaced by a background, a character or a prop.',
    pl: 'Obraz można zastąpić tylko tłem, postacią lub rekwizytem.',
  },
  mediaAudioAssetType: {
    uk: 'Звук можна замінити лише звуком.',
    ru: 'Звук можно заменить только звуком.',
    en: 'A sound can only be replaced by a sound.',
    pl: 'Dźwięk można zastąpić tylko dźwiękiem.',
  },
  generationNotAccepted: {
    uk: 'Тематичні варіанти створюються лише для прийнятих вправ.',
    ru: 'Тематические варианты создаются только для принятых упражнений.',
    en: 'Themed variants are made for accepted exercises only.',
    pl: 'Warianty tematyczne powstają tylko dla zaakceptowanych ćwiczeń.',
  },
  generationNotReady: {
    uk: 'Вправу не позначено як готову до генерації.',
    ru: 'Упражнение не отмечено как готовое к генерации.',
    en: 'The exercise is not marked ready for generation.',
    pl: 'Ćwiczenie nie jest oznaczone jako gotowe do generowania.',
  },
  generationExcluded: {
    uk: 'Вправу виключено з генерації.',
    ru: 'Упражнение исключено из генерации.',
    en: 'The exercise is excluded from generation.',
    pl: 'Ćwiczenie jest wyłączone z generowania.',
  },
  generationNoPresentation: {
    uk: 'У вправи немає презентації.',
    ru: 'У упражнения нет презентации.',
    en: 'The exercise has no presentation.',
    pl: 'Ćwiczenie nie ma prezentacji.',
  },
  generationNothingMarked: {
    uk: 'Жодне зображення чи звук презентації не позначено типом ресурсу для заміни.',
    ru: 'Ни одно изображение или звук презентации не отмечены типом ресурса для замены.',
    en: 'No picture or sound of the presentation is marked with an asset type to replace it.',
    pl: 'Żaden obraz ani dźwięk prezentacji nie jest oznaczony typem zasobu do zastąpienia.',
  },
  generationMissingBackground: {
    uk: 'У теми немає фону з файлом.',
    ru: 'У темы нет фона с файлом.',
    en: 'The theme has no background with a file.',
    pl: 'Motyw nie ma tła z plikiem.',
  },
  generationMissingCharacter: {
    uk: 'У теми немає персонажа з файлом.',
    ru: 'У темы нет персонажа с файлом.',
    en: 'The theme has no character with a file.',
    pl: 'Motyw nie ma postaci z plikiem.',
  },
  generationMissingProp: {
    uk: 'У теми немає предмета з файлом.',
    ru: 'У темы нет предмета с файлом.',
    en: 'The theme has no prop with a file.',
    pl: 'Motyw nie ma rekwizytu z plikiem.',
  },
  generationMissingSound: {
    uk: 'У теми немає звуку з файлом.',
    ru: 'У темы нет звука с файлом.',
    en: 'The theme has no sound with a file.',
    pl: 'Motyw nie ma dźwięku z plikiem.',
  },
  generationReadOnly: {
    uk: 'Варіант для цієї теми лише для читання: його залишено без змін.',
    ru: 'Вариант для этой темы только для чтения: он оставлен без изменений.',
    en: 'The variant for this theme is read-only: it is kept as it is.',
    pl: 'Wariant dla tego motywu jest tylko do odczytu: pozostaje bez zmian.',
  },
  generationThemeNotReady: {
    uk: 'Тема ще не позначена як готова: її матеріали можуть бути неповними.',
    ru: 'Тема ещё не отмечена как готовая: её материалы могут быть неполными.',
    en: 'The theme is not marked ready yet: its assets may be incomplete.',
    pl: 'Motyw nie jest jeszcze oznaczony jako gotowy: jego zasoby mogą być niepełne.',
  },
  invalid: {
    uk: 'Неприпустиме значення.',
    ru: 'Недопустимое значение.',
    en: 'Invalid value.',
    pl: 'Nieprawidłowa wartość.',
  },
} satisfies Record<string, Record<Language, string>>;

export type FieldMessage = keyof typeof FIELD_MESSAGES;

/**
 * Messages that replace a code's usual one where a screen needs other words for the same failure
 * (`AppError.saying`). The code stays, so clients still branch on it.
 */
export const ALTERNATIVE_MESSAGES = {
  /** Spec §8: any failure to accept an invitation (not found, expired, already accepted). */
  registrationFailed: {
    uk: 'Помилка реєстрації: можливо, термін дії запрошення минув. Зверніться до адміністратора.',
    ru: 'Ошибка регистрации: возможно, срок действия приглашения истёк. Обратитесь к администратору.',
    en: 'Registration error: the invitation may have expired. Please contact the administrator.',
    pl: 'Błąd rejestracji: zaproszenie mogło wygasnąć. Skontaktuj się z administratorem.',
  },
} satisfies Record<string, Record<Language, string>>;

export type AlternativeMessage = keyof typeof ALTERNATIVE_MESSAGES;

/** Fills `{name}` placeholders. */
export function fill(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}
