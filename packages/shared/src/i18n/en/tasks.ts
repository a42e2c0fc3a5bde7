export default {
  errors: {
    selectTask: 'Select task',
    alreadyStarted: 'Task already started',
    alreadyStartedHint: 'Please wait while current task will be finished and try again',
    noLinks: 'Task cannot be started for campaign {{campaign}}. No links.',
    alreadyRun: 'Task cannot be started for campaign {{campaign}}. Task already run.',
    insufficientBalance: 'Not enough credits: the task costs {{required}}, your balance is {{balance}}.',
    notRunning: 'Only a waiting or running task can be cancelled.',
    allLeftOut:
      'None of the selected pages can be sent for indexing: see the reasons, fix the pages or select others.',
    days: 'Choose from 1 to 14 days.',
    noProvider: {
      indexCheck: 'No index check provider is configured',
      indexing: 'No indexing provider is configured',
      authority: 'No authority provider is configured',
      crawlers:
        'No Ahrefs API key is configured: import a backlinks export file on the crawler data page instead',
    },
  },
  skipReasons: {
    indexed: 'Already indexed',
    unchecked: 'Not checked yet: run a backlink check first',
    notOk: 'The page did not answer 200 at its last check',
    missing: 'Backlink missing: the page does not link to your site',
    robots: 'Blocked by robots.txt',
    noindex: 'Marked noindex (meta robots or X-Robots-Tag)',
    canonical: 'Its canonical points to another page',
    noIndexer: 'No indexing service is configured for this kind of page',
    deadTierOne:
      'Feeds a dead tier 1 page: the page it strengthens is gone, broken, noindex, blocked or not indexed',
  },
  demoAuthority:
    "Demo service: the figures come from the offline demo's stand-in of Open PageRank, not from a real authority service.",
  demoIndexer:
    "Demo service: the pages go to the offline demo's stand-in indexer, not to a real indexing service.",
  demoService:
    "Demo service: the answers come from the offline demo's stand-in, not from a real search engine.",
  actions: {
    '1': 'Check indexing',
    '2': 'Check backlinks',
    '3': 'Add to index',
    '4': 'Check authority',
    '5': 'Load links',
    '6': 'Add to history',
    '7': 'Remove',
    '9': 'Recover from history',
    '10': 'Load to crawlers',
    '13': 'Add to disallow',
    '14': 'Recover from disallow',
    '16': 'Move to another campaign',
    '17': 'Remove from crawlers',
  },
  statuses: { '0': 'Waiting', '1': 'Done', '2': 'Process', '3': 'Fail' },
  notifications: {
    notIndexedRefund_one:
      '{{count}} page sent for indexing is still not indexed after {{days}} days: {{credits}} refunded.',
    notIndexedRefund_other:
      '{{count}} pages sent for indexing are still not indexed after {{days}} days: {{credits}} refunded.',
    finished_one: 'Task "{{action}}" finished: {{success}} of {{total}} link processed.',
    finished_other: 'Task "{{action}}" finished: {{success}} of {{total}} links processed.',
    failed: 'Task "{{action}}" failed.',
    scheduleNoCredits:
      'The scheduled task "{{action}}" for campaign {{campaign}} was not started: not enough credits.',
  },
};
