import fs from 'node:fs';
import path from 'node:path';
import {
  LANGUAGES,
  countedTextProblems,
  unusedAllowances,
  type UncountedNumbers,
} from '@logoschool/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import uk from 'virtual:texts/uk';
import pl from 'virtual:texts/pl';
import { textFiles } from '../../texts-plugin.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** Reasons a number meets no noun that agrees with it. */
const LABEL = 'a label and its number ("Файлів: 5"): the noun is the label, in its own form';
const TALLY = 'a tally in brackets after a heading ("Ресурси (3)"), as on a tab or a button';
const ORDINAL = 'says which one ("Блок 2", "Урок 3 з 12"): an ordinal, no count';
const BARE = 'a number alone ("щонайменше 3", "від 2 до 5"): no noun follows it';
const UNIT = 'an abbreviated unit ("30 с", "45 хв", "5 МБ", "7 р."), which takes no plural form';
const SIZE = 'a file size with its unit, written by the code ("5 MB")';
const TEXT = 'a text the code writes (a range, a list of numbers, another text)';
const COUNTED_BY_COUNT = 'the noun agrees with {{count}}; this number stands alone ("від 8 до 64 символів")';
const allow = (reason: string, ...variables: string[]): UncountedNumbers => ({ variables, reason });

/**
 * The web's texts whose numbers meet no noun, so need no plural forms, by key, with the reason.
 * Every other number in a text is `{{count}}` in a counted text (`_one`, `_few`, `_many`, `_other`).
 */
const ALLOWED: Record<string, UncountedNumbers> = {
  'login.tooMany': allow(UNIT, 'seconds'),
  'fields.tooSmallNumber': allow(BARE, 'min'),
  'fields.tooBigNumber': allow(BARE, 'max'),
  'fields.minAboveMax': allow(BARE, 'min'),
  'fields.dateTooEarly': allow('a date', 'min'),
  'diagnosisForm.blockOf': allow(ORDINAL, 'index', 'total'),
  'diagnostics.formula.syntax': allow(ORDINAL, 'position'),
  'diagnostics.formula.bad_number': allow('the number as the formula writes it', 'number'),
  'diagnostics.formula.too_few_arguments': allow(BARE, 'min'),
  'diagnostics.formula.too_many_arguments': allow(BARE, 'max'),
  'diagnostics.formula.round_digits': allow(BARE, 'max'),
  'diagnostics.formula.band_reversed': allow(ORDINAL, 'band'),
  'diagnostics.formula.band_overlap': allow(ORDINAL, 'band', 'other'),
  'versions.atPlace': allow(ORDINAL, 'n'),
  'stories.episodeN': allow(ORDINAL, 'n'),
  'games.levelN': allow(ORDINAL, 'n'),
  'games.itemN': allow(ORDINAL, 'n'),
  'games.themes.fields.propsHint': allow(BARE, 'max'),
  'games.themes.fields.charactersHint': allow(BARE, 'max'),
  'stories.partN': allow(ORDINAL, 'n'),
  'stories.slideN': allow(ORDINAL, 'n'),
  'stories.reader.slideOf': allow(ORDINAL, 'index', 'total'),
  'stories.reader.imageAlt': allow(ORDINAL, 'index'),
  'stories.toLesson.added': allow(ORDINAL, 'number'),
  'stories.toLesson.lessonOption': allow(ORDINAL, 'number'),
  'assets.fileCount': allow(LABEL, 'count'),
  'assets.imageFilesHint': allow(SIZE, 'max'),
  'assets.soundFilesHint': allow(SIZE, 'max'),
  'assets.fileTooLarge': allow(SIZE, 'max'),
  'crm.import.problem.tooLarge': allow(SIZE, 'max'),
  'crm.import.problem.tooManyRows': allow(COUNTED_BY_COUNT, 'max'),
  'crm.import.summary': allow(LABEL, 'count', 'valid', 'invalid'),
  'crm.import.done': allow(LABEL, 'created', 'updated', 'refused'),
  'crm.import.send': allow(TALLY, 'count'),
  'crm.replicate.plansCopied': allow(LABEL, 'count'),
  'dashboard.usersDetail': allow(LABEL, 'active', 'deactivated'),
  'dashboard.projectsDetail': allow(LABEL, 'active', 'archived'),
  'dashboard.exercisesDetail': allow(LABEL, 'accepted'),
  'dashboard.lessonsDetail': allow(LABEL, 'recent'),
  'diagnoses.requiredMessage': allow(LABEL, 'count'),
  'courseTemplates.lessonN': allow(ORDINAL, 'n'),
  'courseTemplates.addExercises': allow(ORDINAL, 'n'),
  'courseTemplates.addNamed': allow(ORDINAL, 'n'),
  'courses.versions': allow(ORDINAL, 'started', 'latest'),
  'courses.lessonNumber': allow(ORDINAL, 'number'),
  'diagnosticCards.variantN': allow(ORDINAL, 'n'),
  'diagnosticCards.rowN': allow(ORDINAL, 'n'),
  'diagnosticCards.columnN': allow(ORDINAL, 'n'),
  'diagnosticCards.questionN': allow(ORDINAL, 'n'),
  'diagnosticCards.computedN': allow(ORDINAL, 'n'),
  'diagnosticCards.bandN': allow(ORDINAL, 'n'),
  'diagnosticCards.blockN': allow(ORDINAL, 'n'),
  'diagnosticCards.counts': allow(LABEL, 'blocks', 'questions', 'computed'),
  'diagnosticCards.inUse': allow(LABEL, 'count'),
  'exercises.bulk.selected': allow(LABEL, 'number'),
  'exercises.bulk.toggleQuestion': allow(LABEL, 'number'),
  'exercises.bulk.deleteQuestion': allow(LABEL, 'number'),
  'exercises.bulk.apply': allow(TALLY, 'number'),
  'exercises.bulk.deleteConfirm': allow(TALLY, 'number'),
  'exercises.bulk.done': allow(LABEL, 'done', 'total'),
  'exercises.bulk.refused': allow(LABEL, 'refused', 'total'),
  'exercises.requestFor': allow(TEXT, 'ages'),
  'exercises.request.age': allow(UNIT, 'age'),
  'exercises.verdict.themedKept': allow(LABEL, 'count'),
  'exercises.presentation.file': allow(LABEL, 'count'),
  'exercises.presentation.slide': allow(ORDINAL, 'position'),
  'exercises.media.images': allow(TALLY, 'count'),
  'exercises.media.audios': allow(TALLY, 'count'),
  'exercises.media.onSlides': allow(TEXT, 'slides'),
  'invitations.passwordRule': allow(COUNTED_BY_COUNT, 'min'),
  'lessons.minutes': allow(UNIT, 'minutes'),
  'lessons.numberOf': allow(ORDINAL, 'number', 'total'),
  'lessons.list.week': allow(TEXT, 'range'),
  'lessons.prep.block': allow(
    'a tally after its noun in uk and ru ("презентацій 2 з 5"); en and pl put the noun after the total ("2 of 5 presentations", "2 z 5 prezentacji": one form for every total in pl)',
    'count',
    'min',
  ),
  'lessons.prep.blockAbove': allow(LABEL, 'count', 'max'),
  'lessons.prep.blocks': allow(LABEL, 'ready', 'total'),
  'lessons.prep.more': allow(LABEL, 'count'),
  'lessons.block.of': allow(ORDINAL, 'index', 'count'),
  'lessons.block.bounds': allow(LABEL, 'min', 'max'),
  'lessons.block.missing': allow(LABEL, 'count'),
  'lessons.block.tooMany': allow(LABEL, 'count'),
  'lessons.picker.more': allow(LABEL, 'shown', 'total'),
  'lessons.locked.progress': allow(LABEL, 'done', 'total'),
  'lessons.edit.title': allow(ORDINAL, 'number', 'total'),
  'lessons.edit.previous': allow(ORDINAL, 'number'),
  'lessons.edit.next': allow(ORDINAL, 'number'),
  'lessons.edit.durationHint': allow(COUNTED_BY_COUNT, 'min'),
  'lessons.edit.blocks': allow(TALLY, 'count'),
  'lessons.problems.lessonBlockBelowMin': allow(LABEL, 'min'),
  'lessons.problems.lessonBlockAboveMax': allow(LABEL, 'max'),
  'lessons.problems.lessonUsageExceeded': allow(LABEL, 'usage'),
  'lessons.problems.lessonBlockCannotFill': allow(LABEL, 'min', 'available'),
  'lessons.themed.lastRun': allow(LABEL, 'made', 'total'),
  'lessons.themed.skipped': allow(LABEL, 'skipped'),
  'lessons.fromProgram.placed': allow(TALLY, 'count'),
  'lessons.fromProgram.notPlaced': allow(TALLY, 'count'),
  'parentDiagnosis.progress.range': allow(LABEL, 'number'),
  'parentDiagnosis.progress.bands': allow(TEXT, 'bands'),
  'planShare.parent.lessons': allow(LABEL, 'count'),
  'planShare.parent.blockOf': allow(ORDINAL, 'index', 'count'),
  'planShare.path.planFacts': allow(LABEL, 'count'),
  'planShare.path.more': allow(LABEL, 'count', 'total'),
  'parentDashboard.held.saidRight': allow(COUNTED_BY_COUNT, 'right'),
  'planShare.parent.lesson': allow(ORDINAL, 'number'),
  'planShare.path.lessonTitle': allow(ORDINAL, 'number'),
  'planShare.path.lessonAccuracy': allow(LABEL, 'accuracy', 'correct', 'total'),
  'plans.lessonsCount': allow(LABEL, 'count'),
  'plans.blocks': allow(TALLY, 'count'),
  'plans.blockOf': allow(ORDINAL, 'index', 'count'),
  'plans.blockCount': allow(LABEL, 'count'),
  'plans.templateBounds': allow(BARE, 'min', 'max'),
  'plans.outsideBounds': allow(BARE, 'min', 'max'),
  'plans.notSavedBlocks': allow(TEXT, 'blocks'),
  'plans.update.bounds': allow(COUNTED_BY_COUNT, 'min'),
  'plans.update.addedNote': allow(TEXT, 'bounds'),
  'plans.update.removedNote': allow(TEXT, 'bounds'),
  'plans.move.open': allow(ORDINAL, 'number'),
  'plans.move.title': allow(ORDINAL, 'number'),
  'plans.move.done': allow(ORDINAL, 'number'),
  'player.marks.whichCue': allow(ORDINAL, 'trial'),
  'player.marks.cuedTrial': allow(ORDINAL, 'trial'),
  'player.marks.chooseCueOf': allow(ORDINAL, 'trial'),
  'player.marks.changeCueOf': allow(ORDINAL, 'trial'),
  'player.title': allow(ORDINAL, 'number'),
  'homePractice.outcomeCount': allow(LABEL, 'count'),
  'homePractice.player.title': allow(ORDINAL, 'number'),
  'homePractice.player.progress': allow(ORDINAL, 'index', 'total'),
  'homePractice.player.slideOf': allow(ORDINAL, 'index', 'total'),
  'homePractice.player.slideAlt': allow(ORDINAL, 'index', 'total'),
  'homePractice.path.lesson': allow(ORDINAL, 'number'),
  'homePractice.family.open': allow(ORDINAL, 'number'),
  'gamePlay.levels.number': allow(ORDINAL, 'number'),
  'gamePlay.play.progress': allow(ORDINAL, 'index', 'total'),
  'gamePlay.play.tryOf': allow(ORDINAL, 'index', 'total'),
  'gamePlay.play.choice': allow(ORDINAL, 'index'),
  'gamePlay.play.keysHint': allow(BARE, 'last'),
  'gamePlay.end.result': allow(LABEL, 'right', 'total'),
  'studentGames.levelsDone': allow(LABEL, 'done', 'total'),
  'studentGames.give.more': allow(LABEL, 'shown', 'total'),
  'studentGames.path.outOf': allow(BARE, 'part', 'total'),
  'player.progress': allow(ORDINAL, 'index', 'total'),
  'player.slideOf': allow(ORDINAL, 'index', 'total'),
  'player.slideAlt': allow(ORDINAL, 'index', 'total'),
  'player.marks.counts': allow(LABEL, 'correct', 'incorrect', 'cued'),
  'player.finish.moved': allow(ORDINAL, 'number'),
  'clientSession.heading': allow(ORDINAL, 'number'),
  'clientSession.slideAlt': allow(ORDINAL, 'index', 'total'),
  'progress.summary': allow(LABEL, 'accuracy', 'cued', 'trials', 'lessons'),
  'progress.lessonShort': allow(ORDINAL, 'number'),
  'progress.lessonOn': allow(ORDINAL, 'number'),
  'templates.blocksCount': allow(LABEL, 'count'),
  'templates.blockNumber': allow(ORDINAL, 'number'),
  'templates.bounds': allow(LABEL, 'min', 'max'),
  'templates.boundsExact': allow(LABEL, 'min'),
  'templates.foldersCount': allow(LABEL, 'count'),
  'templates.blockName': allow(ORDINAL, 'number'),
  'templates.inUse': allow(LABEL, 'count'),
  'tags.count': allow(LABEL, 'count'),
  'themes.assetsCount': allow(TALLY, 'count'),
  'themes.assetsOf': allow(TALLY, 'count'),
  'themeAssets.attached': allow(TALLY, 'count'),
  'profile.avatarHint': allow(UNIT, 'mb'),
  'profile.avatarSize': allow(UNIT, 'mb'),
  'projects.openMembers': allow(LABEL, 'members'),
  'tickets.slide': allow(ORDINAL, 'number'),
  'tickets.report.slideNumber': allow(ORDINAL, 'number'),
  'tickets.report.filesHint': allow(UNIT, 'size'),
  'tickets.report.tooLarge': allow(UNIT, 'size'),
  'sharepointTest.timing': allow(UNIT, 'render', 'total'),
  'sharepointTest.slideAlt': allow(ORDINAL, 'number'),
  // Acts (issue 33 item 2): an act's or a contract's number as written ("1/2026", "K-17"), an
  // amount with its currency, a currency's code: no noun agrees with them.
  'acts.inAct': allow(TEXT, 'number'),
  'acts.issued': allow(TEXT, 'number'),
  'acts.list.downloadOf': allow(TEXT, 'number'),
  'acts.detailsLine': allow(TEXT, 'contract', 'taxId', 'currency'),
  'acts.nextAct': allow(TEXT, 'total'),
  'acts.confirmMessage': allow(TEXT, 'total'),
  'acts.rates.typeOf': allow(ORDINAL, 'index'),
  'acts.rates.currencyOf': allow(ORDINAL, 'index'),
  'acts.rates.amountOf': allow(ORDINAL, 'index'),
  'acts.rates.remove': allow(ORDINAL, 'index'),
};

const files = LANGUAGES.flatMap((language) => textFiles(language).map((file) => ({ language, file })));
const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;

describe('the numbers in the web texts', () => {
  it.each(files.map(({ language, file }) => [path.relative(ROOT, file), language, file]))(
    '%s says each counted noun in its plural forms',
    (name, language, file) => {
      expect(countedTextProblems({ file: name, language, texts: read(file), allowed: ALLOWED })).toEqual([]);
    },
  );

  it('allows no uncounted number that no text has any more', () => {
    expect(
      unusedAllowances(
        files.map(({ file }) => read(file)),
        ALLOWED,
      ),
    ).toEqual([]);
  });

  it('says 1, 2, 5, 21, 22 and 25 each in its form, in uk and pl', () => {
    const texts = i18next.createInstance();
    void texts.init({
      resources: { uk: { translation: uk }, pl: { translation: pl } },
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    const say = (lng: string, key: string, options: Record<string, unknown> = {}) =>
      [1, 2, 5, 21, 22, 25].map((count) => texts.t(key, { lng, count, ...options }));
    expect(say('uk', 'fields.tooShortString')).toEqual([
      'Щонайменше 1 символ.',
      'Щонайменше 2 символи.',
      'Щонайменше 5 символів.',
      'Щонайменше 21 символ.',
      'Щонайменше 22 символи.',
      'Щонайменше 25 символів.',
    ]);
    expect(say('uk', 'lessons.block.full')).toEqual([
      'Блок вміщує щонайбільше 1 презентацію.',
      'Блок вміщує щонайбільше 2 презентації.',
      'Блок вміщує щонайбільше 5 презентацій.',
      'Блок вміщує щонайбільше 21 презентацію.',
      'Блок вміщує щонайбільше 22 презентації.',
      'Блок вміщує щонайбільше 25 презентацій.',
    ]);
    expect(say('uk', 'plans.notSavedBlocks', { blocks: '…' }).map((text) => text.split(' (')[0])).toEqual([
      'План не збережено: 1 блок потребує уваги',
      'План не збережено: 2 блоки потребують уваги',
      'План не збережено: 5 блоків потребують уваги',
      'План не збережено: 21 блок потребує уваги',
      'План не збережено: 22 блоки потребують уваги',
      'План не збережено: 25 блоків потребують уваги',
    ]);
    expect(say('pl', 'fields.tooFewItems')).toEqual([
      'Wybierz co najmniej 1 opcję.',
      'Wybierz co najmniej 2 opcje.',
      'Wybierz co najmniej 5 opcji.',
      'Wybierz co najmniej 21 opcji.',
      'Wybierz co najmniej 22 opcje.',
      'Wybierz co najmniej 25 opcji.',
    ]);
  });
});
