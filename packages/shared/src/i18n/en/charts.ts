// Charts: series names (one colour and one place in every legend), and the charts' own words.
export default {
  series: {
    added: 'Added',
    checked: 'Checked',
    good: 'Good response',
    bad: 'Bad response',
    unchecked: 'Not checked yet',
    found: 'Found',
    lost: 'Lost',
    indexed: 'Indexed',
    text: 'Text anchors',
    brand: 'Brand anchors',
    url: 'URL anchors',
    empty: 'Empty anchors',
    other: 'Other',
  },
  legend: 'Legend',
  keys: 'Arrow keys move from point to point.',
  activity: {
    title: 'Last 30 days',
    label: 'Links added, checked and found indexed per day over the last 30 days',
  },
  trend: {
    title: 'Found and lost backlinks',
    label: 'Backlinks found and lost per day over the last 30 days',
    quiet: 'No backlink was found or lost in the last 30 days.',
  },
  noLinks: {
    title: 'Nothing to chart yet',
    upload:
      'Upload links with "{{button}}" at the top of this page, then run a check: the charts fill in as the links are read.',
    list: 'The charts fill in once this list has links and they are checked.',
  },
  runCheck: {
    title: 'No link is checked yet',
    here: 'Run a check with "{{button}}" at the top of this page: the charts fill in as the links are read.',
    dashboard:
      'Open a campaign and run "{{button}}" from its header: the charts fill in as the links are read.',
    open: 'Open {{name}}',
  },
  anchors: {
    title: 'Anchor distribution',
    top: 'Top anchors by backlinks',
    kinds: 'Anchor types',
    other: 'Other anchors',
    share: '{{share}}%',
    label: 'Share of backlinks per anchor',
    kindsLabel: 'Backlinks per anchor type',
    empty: 'No anchors yet. Run "{{button}}" on a campaign to read its backlinks.',
  },
};
