export default {
  greeting: 'Welcome, {{name}}',
  subtitle: 'All your sites and their backlinks at a glance.',
  empty: {
    title: 'Create your first project',
    body: 'A project is one of your sites. Add its domain, upload the pages that link to it, and Linkwatch keeps checking that every backlink is live and indexed.',
    action: 'Create project',
  },
  steps: {
    title: 'How it works',
    project: { title: 'Add your site', body: 'Create a project with the domain your backlinks point to.' },
    upload: { title: 'Upload backlinks', body: 'Paste links or upload a txt, xlsx or xls file.' },
    check: { title: 'Run checks', body: 'Check backlinks and indexing once, or on a schedule.' },
  },
};
