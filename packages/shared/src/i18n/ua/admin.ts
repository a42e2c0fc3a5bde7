// Консоль оператора (issue 28): повідомлення сервера, назви прав і екрани консолі.
export default {
  errors: {
    notYourself: 'Не можна заблокувати себе або позбавити себе доступу до консолі.',
    belowZero: 'Баланс став би меншим за нуль: зараз на ньому {{balance}} кредитів.',
    alreadyConfirmed: 'Цю адресу електронної пошти вже підтверджено.',
    actAsAdmin: 'Не можна діяти від імені іншого оператора.',
    notWhileActing:
      'Недоступно в режимі роботи від імені клієнта: витрачати кредити й змінювати пароль не можна.',
  },
  permissions: {
    console_users_read: 'Перегляд клієнтів',
    console_users_update: 'Блокування клієнтів та їхні прапорці',
    console_users_credits: 'Нарахування та списання кредитів',
    console_users_impersonate: 'Робота від імені клієнта',
    console_prices_update: 'Зміна цін',
    console_settings_update: 'Зміна налаштувань сайту',
    console_audit_read: 'Перегляд журналу аудиту',
    projects_read: 'Перегляд проєктів і посилань',
    projects_manage: 'Створення та зміна проєктів',
    links_manage: 'Завантаження та зміна посилань',
    tasks_start: 'Запуск платних завдань',
    reports_read: 'Перегляд звітів',
    balance_topUp: 'Поповнення балансу',
  },
};
