// Texts every screen shares, under the spec's own keys (spec points 8 and 9).
export default {
  select: {
    // spec 8: an empty dropdown's text, key general.select.noOptions.
    noOptions: 'No options',
    // spec 9: a filter's first option.
    allOption: '-- all --',
    searchHint: 'Type at least 3 characters to search',
  },
};
