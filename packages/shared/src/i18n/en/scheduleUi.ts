// The schedule page: automatic checks per campaign.
export default {
  title: 'Schedule',
  subtitle: 'Repeat checks automatically: choose how often, at what time and from which day.',
  group: {
    campaigns_one: '{{value}} campaign',
    campaigns_other: '{{value}} campaigns',
    backlinks_one: '{{value}} backlink auto-check',
    backlinks_other: '{{value}} backlink auto-checks',
    indexing_one: '{{value}} indexing auto-check',
    indexing_other: '{{value}} indexing auto-checks',
    toggle: 'Show campaigns of {{name}}',
  },
  columns: {
    campaign: 'Campaign',
    task: 'Task',
    active: 'On',
    interval: 'Every (days)',
    time: 'Time (UTC)',
    startAt: 'Start date',
    nextRun: 'Next run',
  },
  fields: {
    interval: 'Period in days for {{task}} of {{campaign}}',
    time: 'Time for {{task}} of {{campaign}}',
    startAt: 'Start date for {{task}} of {{campaign}}',
    active: '{{task}} of {{campaign}}',
  },
  tier: 'Tier {{tier}}',
  save: 'Save',
  saved: 'The schedule was saved.',
  notScheduled: 'Not scheduled',
  off: 'Off',
  needsProvider: 'Needs a search provider: indexing checks start once one is connected.',
  empty: {
    title: 'Nothing to schedule yet',
    body: 'Create a project and a campaign first: each campaign gets its own schedule here.',
  },
};
