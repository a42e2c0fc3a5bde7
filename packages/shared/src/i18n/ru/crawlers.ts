// Texts the server writes about crawler data: source and status names, export headers, import errors.
export default {
  source: { 1: 'База обратных ссылок', 2: 'Консоль поисковой системы', 3: 'Временный' },
  status: { 1: 'Новая', 2: 'Активная', 3: 'RIP' },
  export: {
    link: 'Ссылающаяся страница',
    source: 'Источник',
    status: 'Статус',
    targetUrl: 'Целевой URL',
    anchor: 'Анкор',
    nofollow: 'Nofollow',
    seenOn: 'Дата в файле',
    firstSeenAt: 'Впервые замечена',
    lastSeenAt: 'Последний раз замечена',
    removedAt: 'Удалена',
    tracked: 'Отслеживается',
    campaigns: 'Кампании',
    yes: 'Да',
    no: 'Нет',
  },
  upload: {
    missingFile: 'Выберите файл для импорта.',
    unsupportedType: 'Загрузите файл csv, xlsx или xls.',
    unreadable: 'Файл не читается как {{format}}. Сохраните его заново как csv, xlsx или xls и повторите.',
    empty: 'Файл пуст.',
    tooLarge: 'Файл больше {{max}} МБ.',
    tooManyRows: 'В файле больше {{max}} строк. Разделите его на файлы поменьше.',
    noUrlColumn:
      'Не найден столбец ссылок: поместите ссылки в первый столбец (а дату во второй) или импортируйте экспорт Ahrefs, Semrush, Majestic или Search Console в том виде, в каком он сохранён.',
    noLinks: 'В файле нет ссылок.',
    badUrl: 'Строка {{row}}: «{{value}}» не является корректным http(s)-адресом.',
    badDate: 'Строка {{row}}: «{{value}}» в столбце «{{column}}» не является датой.',
    unpackedTooLarge: 'Файл распаковывается более чем в {{max}} МБ. Сохраните его как csv и повторите.',
    tooManyCells: 'В файле больше {{max}} ячеек. Сохраните его как csv и повторите.',
    tooComplex: 'Чтение файла заняло слишком много времени или памяти. Сохраните его как csv и повторите.',
    tooManyColumns:
      'В строке {{row}} больше {{max}} столбцов: это не похоже на список ссылок. Проверьте файл и повторите.',
    rowTooLong:
      'Строка {{row}} длиннее {{max}} символов: это не похоже на список ссылок. Проверьте файл и повторите.',
    skipped: {
      badUrl: 'Не является адресом http(s)',
      badDate: 'Не дата (столбец «{{column}}»)',
    },
  },
  track: {
    noSelection: 'Выберите записи, которые нужно добавить.',
    otherProject: 'Выберите кампанию того же проекта.',
  },
};
