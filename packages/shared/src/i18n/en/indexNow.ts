// The project's IndexNow key (issue 11, action 3): the project settings section and the key file check.
export default {
  title: 'IndexNow key',
  description:
    'Bing, Yandex and the other IndexNow search engines accept your pages only while this key file is on your site. Put the file at the address below, then check it.',
  key: 'Key',
  fileUrl: 'Key file address',
  download: 'Download key file',
  check: 'Check the file',
  verified: 'Found on the site {{date}}.',
  notVerified: 'Not found on the site yet. The first indexing request checks it too.',
  // The answers of a failed check; the server sends them as the 422 message (and in English to a task).
  problem: {
    missing:
      'No key file at {{url}}: the site answered HTTP {{status}}. Upload the file there and check again.',
    wrongContent: 'The file at {{url}} does not hold the project key. It must contain only {{key}}.',
    redirect:
      '{{url}} redirects elsewhere (HTTP {{status}}): the key file must be served at this address itself.',
    httpStatus: '{{url}} answered HTTP {{status}} instead of the key file.',
    blocked: '{{url}} was not read: {{host}} is a private or reserved network address.',
    dns: '{{host}} was not found in DNS, so {{url}} could not be read.',
    timeout: '{{url}} did not answer within {{seconds}} seconds.',
    unreachable: 'Could not connect to {{url}}.',
    invalidKey: 'The project key is not a valid IndexNow key.',
  },
};
