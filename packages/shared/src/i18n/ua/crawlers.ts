// Texts the server writes about crawler data: source and status names, export headers, import errors.
export default {
  source: { 1: 'База зворотних посилань', 2: 'Консоль пошукової системи', 3: 'Тимчасовий' },
  status: { 1: 'Нове', 2: 'Активне', 3: 'RIP' },
  export: {
    link: 'Сторінка з посиланням',
    source: 'Джерело',
    status: 'Статус',
    targetUrl: 'Цільова URL-адреса',
    anchor: 'Анкор',
    nofollow: 'Nofollow',
    seenOn: 'Дата у файлі',
    firstSeenAt: 'Уперше помічено',
    lastSeenAt: 'Востаннє помічено',
    removedAt: 'Видалено',
    tracked: 'Відстежується',
    campaigns: 'Кампанії',
    yes: 'Так',
    no: 'Ні',
  },
  upload: {
    missingFile: 'Виберіть файл для імпорту.',
    unsupportedType: 'Завантажте файл csv, xlsx або xls.',
    unreadable: 'Файл не читається як {{format}}. Збережіть його знову як csv, xlsx або xls і повторіть.',
    empty: 'Файл порожній.',
    tooLarge: 'Файл більший за {{max}} МБ.',
    tooManyRows: 'У файлі понад {{max}} рядків. Розділіть його на менші файли.',
    noUrlColumn:
      'Не знайдено стовпця посилань: розмістіть посилання в першому стовпці (а дату в другому) або імпортуйте експорт Ahrefs, Semrush, Majestic чи Search Console у тому вигляді, у якому його збережено.',
    noLinks: 'У файлі немає посилань.',
    badUrl: 'Рядок {{row}}: «{{value}}» не є коректною http(s)-адресою.',
    badDate: 'Рядок {{row}}: «{{value}}» у стовпці «{{column}}» не є датою.',
    unpackedTooLarge: 'Файл розпаковується понад {{max}} МБ. Збережіть його як csv і повторіть.',
    tooManyCells: 'У файлі понад {{max}} клітинок. Збережіть його як csv і повторіть.',
    tooComplex: 'Читання файлу забрало забагато часу або пам’яті. Збережіть його як csv і повторіть.',
    tooManyColumns:
      'У рядку {{row}} понад {{max}} стовпців: це не схоже на список посилань. Перевірте файл і повторіть.',
    rowTooLong:
      'Рядок {{row}} довший за {{max}} символів: це не схоже на список посилань. Перевірте файл і повторіть.',
    skipped: {
      badUrl: 'Не є адресою http(s)',
      badDate: 'Не дата (стовпець «{{column}}»)',
    },
  },
  track: {
    noSelection: 'Виберіть записи, які потрібно додати.',
    otherProject: 'Виберіть кампанію того самого проєкту.',
  },
};
