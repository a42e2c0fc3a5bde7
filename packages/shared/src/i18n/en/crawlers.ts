// Texts the server writes about crawler data: source and status names, export headers, import errors.
export default {
  source: { 1: 'Backlink database', 2: 'Search console', 3: 'Temporary' },
  status: { 1: 'New', 2: 'Active', 3: 'RIP' },
  export: {
    link: 'Referring page',
    source: 'Source',
    status: 'Status',
    targetUrl: 'Target URL',
    anchor: 'Anchor',
    nofollow: 'Nofollow',
    seenOn: 'Date in the file',
    firstSeenAt: 'First seen',
    lastSeenAt: 'Last seen',
    removedAt: 'Removed',
    tracked: 'Tracked',
    campaigns: 'Campaigns',
    yes: 'Yes',
    no: 'No',
  },
  upload: {
    missingFile: 'Choose a file to import.',
    unsupportedType: 'Upload a csv, xlsx or xls file.',
    unreadable: 'The file cannot be read as {{format}}. Save it again as csv, xlsx or xls and retry.',
    empty: 'The file is empty.',
    tooLarge: 'The file is larger than {{max}} MB.',
    tooManyRows: 'The file has more than {{max}} rows. Split it into smaller files.',
    noUrlColumn:
      'No column of links was found: put the links in the first column (and a date in the second), or import an Ahrefs, Semrush, Majestic or Search Console export as it was saved.',
    noLinks: 'The file contains no links.',
    badUrl: 'Row {{row}}: "{{value}}" is not a valid http(s) address.',
    badDate: 'Row {{row}}: "{{value}}" in the column "{{column}}" is not a date.',
    unpackedTooLarge: 'The file unpacks to more than {{max}} MB. Save it as csv and retry.',
    tooManyCells: 'The file has more than {{max}} cells. Save it as csv and retry.',
    tooComplex: 'The file took too long or too much memory to read. Save it as csv and retry.',
    tooManyColumns:
      'Row {{row}} has more than {{max}} columns: this does not look like a list of links. Check the file and retry.',
    rowTooLong:
      'Row {{row}} is longer than {{max}} characters: this does not look like a list of links. Check the file and retry.',
    skipped: {
      badUrl: 'Not a valid http(s) address',
      badDate: 'Not a date (column "{{column}}")',
    },
  },
  track: {
    noSelection: 'Select the crawler records to add.',
    otherProject: 'Choose a campaign of the same project.',
  },
};
