export default {
  required: 'The {{field}} field is required',
  email: 'The {{field}} field must be a valid email',
  numeric: 'The {{field}} field may only contain numeric characters',
  min_value: 'The {{field}} field must be {{min}} or more',
  max_value: 'The {{field}} field must be {{max}} or less',
  min: 'The {{field}} field must be at least {{min}} characters',
  max: 'The {{field}} field may not be greater than {{max}} characters',
  confirmed: 'The {{field}} field confirmation does not match',
  unique: 'The {{field}} has already been taken',
  invalid: 'The {{field}} field is invalid',
  websiteAddressWithoutDomain:
    'The {{field}} field must be valid url(without protocol). For example: "{{host}}"',
  withoutSpaces: 'The {{field}} field must be without spaces',
  requiredOneOfTheCheckboxGroup: 'Choose one of the options presented',
  intervalNegative: 'Interval value cannot be negative',
  currentPassword: 'The current password is wrong',
};
