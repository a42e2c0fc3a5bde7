// Звіти, отримувачі звітів (розсилки) та листи про задачі.
export default {
  errors: {
    selectProject: 'Будь ласка, оберіть проєкт.',
    exportXlsxTooMany: 'Файл XLSX вміщує не більше {{max}} змін: оберіть CSV або звузьте фільтри.',
  },
  changesTypes: {
    lost: 'Втрачено',
    found: 'Знайдено',
    anchor: 'Анкор',
    rel: 'Атрибут rel',
    kind: 'Тип посилання',
    responseCode: 'Код відповіді',
    redirect: 'Редирект',
    indexingCapability: 'Можливість індексації',
    title: 'Заголовок',
  },
  exportColumns: {
    createdAt: 'Дата',
    campaign: 'Кампанія',
    url: 'URL',
    changesType: 'Зміна',
    old: 'Старе значення',
    new: 'Нове значення',
    title: 'Заголовок сторінки',
    task: 'Задача',
  },
  mailings: {
    errors: {
      unsubscribeInvalid: 'Помилка. Будь ласка, спробуйте ще раз.',
      tooMany: 'Акаунт може мати не більше {{max}} отримувачів звітів.',
    },
    unsubscribed: {
      actions: 'Листи про задачі більше не надходитимуть на {{email}}.',
      report: 'Звіти про зворотні посилання більше не надходитимуть на {{email}}.',
      wiki: 'Новини вікі більше не надходитимуть на {{email}}.',
      all: 'Листи Linkwatch більше не надходитимуть на {{email}}.',
    },
  },
  mail: {
    taskSubject: 'Задачу «{{action}}» завершено: {{campaign}}',
    taskFailedSubject: 'Задача «{{action}}» завершилася з помилкою: {{campaign}}',
    reportSubject: 'Звіт про зворотні посилання, {{campaign}}: втрачено {{lost}}, знайдено {{found}}',
    finished: 'Задачу «{{action}}» для кампанії {{campaign}} (проєкт {{project}}) завершено.',
    failed: 'Задача «{{action}}» для кампанії {{campaign}} (проєкт {{project}}) завершилася з помилкою.',
    counts: 'Оброблено посилань: {{current}} з {{total}}. Перевірено: {{success}}. З помилками: {{errors}}.',
    cost: 'Вартість: {{cost}} кредитів. Повернено: {{refunded}} кредитів.',
    reportHeading: 'Що змінилося',
    reportTotals:
      'Втрачено зворотних посилань: {{lost}}. Нових зворотних посилань: {{found}}. Інших змін: {{other}}.',
    more: '…і ще {{count}} змін у звіті.',
    openReport: 'Відкрити звіт',
    unsubscribeReport: 'Не отримувати звіти про зворотні посилання',
    unsubscribeActions: 'Не отримувати листи про задачі',
    unsubscribeAll: 'Відписатися від усіх листів Linkwatch',
    footer: 'Ви отримали цей лист, бо {{email}} вказано отримувачем звітів акаунта Linkwatch.',
  },
};
