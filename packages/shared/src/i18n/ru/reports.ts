// Отчёты, получатели отчётов (рассылки) и письма о задачах.
export default {
  errors: {
    selectProject: 'Пожалуйста, выберите проект.',
    exportXlsxTooMany: 'Файл XLSX вмещает не больше {{max}} изменений: выберите CSV или сузьте фильтры.',
  },
  changesTypes: {
    lost: 'Потеряна',
    found: 'Найдена',
    anchor: 'Анкор',
    rel: 'Атрибут rel',
    kind: 'Тип ссылки',
    responseCode: 'Код ответа',
    redirect: 'Редирект',
    indexingCapability: 'Возможность индексации',
    title: 'Заголовок',
  },
  exportColumns: {
    createdAt: 'Дата',
    campaign: 'Кампания',
    url: 'URL',
    changesType: 'Изменение',
    old: 'Старое значение',
    new: 'Новое значение',
    title: 'Заголовок страницы',
    task: 'Задача',
  },
  mailings: {
    errors: {
      unsubscribeInvalid: 'Ошибка. Пожалуйста, попробуйте ещё раз.',
      tooMany: 'У аккаунта может быть не больше {{max}} получателей отчётов.',
    },
    unsubscribed: {
      actions: 'Письма о задачах больше не будут приходить на {{email}}.',
      report: 'Отчёты об обратных ссылках больше не будут приходить на {{email}}.',
      wiki: 'Новости вики больше не будут приходить на {{email}}.',
      all: 'Письма Linkwatch больше не будут приходить на {{email}}.',
    },
  },
  mail: {
    taskSubject: 'Задача «{{action}}» завершена: {{campaign}}',
    taskFailedSubject: 'Задача «{{action}}» завершилась с ошибкой: {{campaign}}',
    reportSubject: 'Отчёт по обратным ссылкам, {{campaign}}: потеряно {{lost}}, найдено {{found}}',
    finished: 'Задача «{{action}}» для кампании {{campaign}} (проект {{project}}) завершена.',
    failed: 'Задача «{{action}}» для кампании {{campaign}} (проект {{project}}) завершилась с ошибкой.',
    counts: 'Обработано ссылок: {{current}} из {{total}}. Проверено: {{success}}. С ошибками: {{errors}}.',
    cost: 'Стоимость: {{cost}} кредитов. Возвращено: {{refunded}} кредитов.',
    reportHeading: 'Что изменилось',
    reportTotals:
      'Потеряно обратных ссылок: {{lost}}. Новых обратных ссылок: {{found}}. Других изменений: {{other}}.',
    more: '…и ещё {{count}} изменений в отчёте.',
    openReport: 'Открыть отчёт',
    unsubscribeReport: 'Не получать отчёты об обратных ссылках',
    unsubscribeActions: 'Не получать письма о задачах',
    unsubscribeAll: 'Отписаться от всех писем Linkwatch',
    footer: 'Вы получили это письмо, потому что {{email}} указан получателем отчётов аккаунта Linkwatch.',
  },
};
