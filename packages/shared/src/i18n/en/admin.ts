// The operator console (issue 28): the server's messages, the permission titles and the console's screens.
export default {
  errors: {
    notYourself: 'You cannot block yourself or take away your own console access.',
    belowZero: 'The balance would fall below zero: it is {{balance}} credits.',
    alreadyConfirmed: 'This e-mail address is confirmed already.',
    actAsAdmin: 'You cannot act as another operator.',
    notWhileActing: 'Not while acting as a customer: spending credits and changing the password are refused.',
  },
  permissions: {
    console_users_read: 'View customers',
    console_users_update: 'Block customers and set their flags',
    console_users_credits: 'Add or take credits',
    console_users_impersonate: 'Act as a customer',
    console_prices_update: 'Set prices',
    console_settings_update: 'Change site settings',
    console_audit_read: 'Read the audit log',
    projects_read: 'View projects and links',
    projects_manage: 'Create and change projects',
    links_manage: 'Upload and change links',
    tasks_start: 'Start paid tasks',
    reports_read: 'Read reports',
    balance_topUp: 'Top up the balance',
  },
};
