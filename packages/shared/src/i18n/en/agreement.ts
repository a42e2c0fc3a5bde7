// The security policy shown at /agreement.
export default {
  title: 'Security policy',
  intro:
    'Linkwatch holds the lists of your sites and backlinks. This policy explains how we protect that data and your account.',
  sections: {
    data: {
      title: 'What we store',
      body: 'Your name, email address and billing details; the projects, campaigns and links you add; the results of the checks you run; and your payment history. We never store card numbers: payments go straight to the payment provider.',
    },
    account: {
      title: 'How we protect your account',
      body: 'Passwords are stored only as a salted, memory-hard hash. Sessions use random tokens that are revoked when you log out. Repeated failed log-in attempts are slowed down.',
    },
    transport: {
      title: 'How data travels',
      body: 'All traffic between your browser and Linkwatch is encrypted. Our checker only visits public web addresses and never follows links into private networks.',
    },
    access: {
      title: 'Who can see your data',
      body: 'Only you and the people you add as report recipients. Our staff look at your data only to answer your support requests or when the law requires it.',
    },
    retention: {
      title: 'How long we keep it',
      body: 'Your data stays while your account exists. When you delete a project, its links and reports are deleted too; backups are overwritten within 30 days.',
    },
    contact: {
      title: 'Reporting a problem',
      body: 'If you find a security problem, write to us through the help page. We answer every report and fix confirmed problems as a priority.',
    },
  },
};
