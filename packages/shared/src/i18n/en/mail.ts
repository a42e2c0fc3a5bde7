export default {
  greeting: 'Hello, {{name}}!',
  signature: 'The Linkwatch team',
  confirmEmail: {
    subject: 'Confirm your email address',
    body: 'Welcome to Linkwatch. Please confirm your email address to activate your account.',
    action: 'Confirm email',
  },
  confirmNewEmail: {
    subject: 'Confirm your new email address',
    body: 'You asked to change the email address of your Linkwatch account. Confirm the new address to finish.',
    action: 'Confirm new email',
  },
  resetPassword: {
    subject: 'Reset your password',
    body: 'Someone asked to reset the password of your Linkwatch account. If it was you, choose a new password. The link is valid for 60 minutes; otherwise ignore this mail.',
    action: 'Reset password',
  },
  accountExists: {
    subject: 'Your address was used to sign up',
    body: 'Someone tried to create a Linkwatch account with this email address, which already has one. If it was you, log in; if you forgot the password, reset it from the login page. If it was not you, ignore this mail: nothing has changed.',
    action: 'Log in',
  },
  teamInvitation: {
    subject: 'You are invited to a Linkwatch account',
    body: '{{account}} invites you to work in their Linkwatch account. The link is valid for 72 hours and works once.',
    action: 'Accept the invitation',
  },
  linkHint: 'If the button does not work, copy this address into your browser:',
};
