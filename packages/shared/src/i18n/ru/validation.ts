export default {
  required: 'Поле {{field}} обязательно для заполнения',
  email: 'Поле {{field}} должно быть действительным электронным адресом',
  numeric: 'Поле {{field}} может содержать только цифры',
  min_value: 'Поле {{field}} должно быть не меньше {{min}}',
  max_value: 'Поле {{field}} должно быть не больше {{max}}',
  min: 'Поле {{field}} должно содержать не менее {{min}} символов',
  max: 'Поле {{field}} не может быть длиннее {{max}} символов',
  confirmed: 'Поле {{field}} не совпадает с подтверждением',
  unique: 'Такое значение поля {{field}} уже занято',
  invalid: 'Поле {{field}} заполнено неверно',
  websiteAddressWithoutDomain:
    'Поле {{field}} должно быть корректным url (без протокола). Например: "{{host}}"',
  withoutSpaces: 'Поле {{field}} не должно содержать пробелов',
  requiredOneOfTheCheckboxGroup: 'Выберите один из предложенных вариантов',
  intervalNegative: 'Интервал не может быть отрицательным',
  currentPassword: 'Текущий пароль указан неверно',
};
