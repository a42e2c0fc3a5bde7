// Тексти, спільні для всіх екранів, під ключами специфікації (пункти 8 і 9).
export default {
  select: {
    // spec 8: an empty dropdown's text, key general.select.noOptions.
    noOptions: 'Немає варіантів',
    // spec 9: a filter's first option.
    allOption: '-- усі --',
    searchHint: 'Введіть щонайменше 3 символи для пошуку',
  },
};
