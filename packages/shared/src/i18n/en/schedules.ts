// Scheduled tasks (spec point 9: schedule actions).
export default {
  actions: {
    '1': 'Auto check indexing',
    '2': 'Auto check backlinks',
  },
  errors: {
    campaignTaken: 'This campaign already has a schedule for this task.',
  },
};
