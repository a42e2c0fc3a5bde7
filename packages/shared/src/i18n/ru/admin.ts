// Консоль оператора (issue 28): сообщения сервера, названия прав и экраны консоли.
export default {
  errors: {
    notYourself: 'Нельзя заблокировать себя или лишить себя доступа к консоли.',
    belowZero: 'Баланс стал бы меньше нуля: сейчас на нём {{balance}} кредитов.',
    alreadyConfirmed: 'Этот адрес электронной почты уже подтверждён.',
    actAsAdmin: 'Нельзя действовать от имени другого оператора.',
    notWhileActing: 'Недоступно в режиме работы от имени клиента: тратить кредиты и менять пароль нельзя.',
  },
  permissions: {
    console_users_read: 'Просмотр клиентов',
    console_users_update: 'Блокировка клиентов и их флаги',
    console_users_credits: 'Начисление и списание кредитов',
    console_users_impersonate: 'Работа от имени клиента',
    console_prices_update: 'Изменение цен',
    console_settings_update: 'Изменение настроек сайта',
    console_audit_read: 'Просмотр журнала аудита',
    projects_read: 'Просмотр проектов и ссылок',
    projects_manage: 'Создание и изменение проектов',
    links_manage: 'Загрузка и изменение ссылок',
    tasks_start: 'Запуск платных задач',
    reports_read: 'Просмотр отчётов',
    balance_topUp: 'Пополнение баланса',
  },
};
