// Тексты, общие для всех экранов, под ключами спецификации (пункты 8 и 9).
export default {
  select: {
    // spec 8: an empty dropdown's text, key general.select.noOptions.
    noOptions: 'Нет вариантов',
    // spec 9: a filter's first option.
    allOption: '-- все --',
    searchHint: 'Введите не меньше 3 символов для поиска',
  },
};
