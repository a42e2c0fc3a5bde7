// Actions 10 (load to crawlers: a pull from the Ahrefs API) and 17 (remove from crawlers).
export default {
  demoService:
    "Demo service: the backlinks come from the offline demo's stand-in of the Ahrefs API, not from Ahrefs.",
  errors: {
    nothingSelected: 'No crawler records selected.',
    tooMany:
      'Ahrefs lists {{backlinks}} backlinks for this domain, more than one pull takes ({{max}}). Import an Ahrefs export file on the crawler data page instead.',
    service: {
      unauthorized: '{{service}} refused the API key: check AHREFS_API_KEY.',
      'no-funds': 'The {{service}} API key has no units left this month.',
      'rate-limited': '{{service}} is busy right now: try again in a minute.',
      timeout: '{{service}} did not answer in time: try again later.',
      'bad-answer': '{{service}} answered with an error: try again later.',
      'too-many':
        'More backlinks than one pull takes ({{max}}): import an export file on the crawler data page instead.',
    },
  },
};
